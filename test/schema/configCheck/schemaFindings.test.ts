import type { ErrorObject } from 'ajv';
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { wordFindings } from '../../../host/config/wordFindings.ts';
import { closest, schemaFindings } from '../../../schema/configCheck/schemaFindings.ts';
import { wordYamlError } from '../../../schema/configCheck/yamlFindings.ts';
import { Positions } from '../../../schema/configCheck/yamlNodes.ts';

/** Words ajv errors about `text` as the validation would, in both languages. */
function word(text: string, errors: Partial<ErrorObject>[]) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const findings = schemaFindings(
    errors.map(
      (error) => ({ instancePath: '', schemaPath: '#/x', params: {}, ...error }) as ErrorObject,
    ),
    { doc, data: doc.toJS(), positions: new Positions(text, lineCounter) },
  );
  const say = (language: 'en' | 'fr') =>
    wordFindings(findings, language).map(
      (problem) => `${problem.line}:${problem.column} ${problem.message}`,
    );
  return { en: say('en'), fr: say('fr') };
}

describe('every ajv keyword is worded, never with ajv’s text', () => {
  // The schema of today meets only some keywords; these are worded for the schema of tomorrow.
  it.each([
    [
      'const',
      { keyword: 'const', params: { allowedValue: 2 } },
      '`n` must be 2',
      '`n` doit valoir 2',
    ],
    [
      'maximum',
      { keyword: 'maximum', params: { limit: 5 }, parentSchema: { type: 'number' } },
      '`n` must be 5 or less',
      '`n` doit valoir au plus 5',
    ],
    [
      'minimum',
      { keyword: 'minimum', params: { limit: 1 }, parentSchema: { type: 'number' } },
      '`n` must be 1 or more',
      '`n` doit valoir au moins 1',
    ],
    [
      'minLength',
      { keyword: 'minLength', params: { limit: 3 } },
      '`n` must be at least 3 characters long',
      '`n` doit faire au moins 3 caractères',
    ],
    [
      'format',
      { keyword: 'format', params: { format: 'email' } },
      '`n` does not have the expected form (email)',
      '`n` n’a pas la forme attendue (email)',
    ],
    [
      'pattern',
      { keyword: 'pattern', params: { pattern: '^x$' } },
      '`n` does not have the expected form',
      '`n` n’a pas la forme attendue',
    ],
    [
      'type boolean',
      { keyword: 'type', params: { type: 'boolean' } },
      '`n` must be true or false',
      '`n` doit valoir true ou false',
    ],
    [
      'type number',
      { keyword: 'type', params: { type: 'number' } },
      '`n` must be a number',
      '`n` doit être un nombre',
    ],
    [
      'type integer',
      { keyword: 'type', params: { type: 'integer' }, parentSchema: {} },
      '`n` must be a whole number',
      '`n` doit être un nombre entier',
    ],
    [
      'type null',
      { keyword: 'type', params: { type: 'null' } },
      '`n` is not valid here',
      '`n` n’est pas valide ici',
    ],
    [
      'uniqueItems',
      { keyword: 'uniqueItems', params: { i: 0, j: 1 } },
      '`n` is not valid here',
      '`n` n’est pas valide ici',
    ],
  ] as const)('%s', (_, error, en, fr) => {
    expect(word('n: 7\n', [{ instancePath: '/n', ...error }])).toEqual({
      en: [`1:4 ${en}`],
      fr: [`1:4 ${fr}`],
    });
  });

  it('propertyNames, at the key, once', () => {
    const errors = [
      { keyword: 'pattern', instancePath: '/m', propertyName: 'k', params: { pattern: '^x$' } },
      {
        keyword: 'propertyNames',
        instancePath: '/m',
        schemaPath: '#/properties/m/propertyNames',
        params: { propertyName: 'k' },
      },
    ];
    expect(word('m:\n  k: 1\n', errors)).toEqual({
      en: ['2:3 `m`: the key “k” is not allowed'],
      fr: ['2:3 `m` : la clé « k » n’est pas permise'],
    });
  });
});

describe('yaml’s complaints', () => {
  it('every code has a wording, when its message is one nobody has seen', () => {
    const codes = [
      'ALIAS_PROPS',
      'BAD_ALIAS',
      'BAD_COLLECTION_TYPE',
      'BAD_DIRECTIVE',
      'BAD_DQ_ESCAPE',
      'BAD_INDENT',
      'BAD_PROP_ORDER',
      'BAD_SCALAR_START',
      'BLOCK_AS_IMPLICIT_KEY',
      'BLOCK_IN_FLOW',
      'IMPOSSIBLE',
      'KEY_OVER_1024_CHARS',
      'MISSING_CHAR',
      'MULTILINE_IMPLICIT_KEY',
      'MULTIPLE_ANCHORS',
      'MULTIPLE_DOCS',
      'MULTIPLE_TAGS',
      'NON_STRING_KEY',
      'RESOURCE_EXHAUSTION',
      'TAB_AS_INDENT',
      'TAG_RESOLVE_FAILED',
      'UNEXPECTED_TOKEN',
    ] as const;
    for (const code of codes) {
      const { code: wording, values } = wordYamlError(
        { code, message: 'something new', pos: [0, 1] },
        'x',
      );
      const [problem] = wordFindings(
        [{ line: 1, column: 1, warning: false, code: `yaml.${wording}`, values }],
        'fr',
      );
      expect(problem?.message, code).toMatch(/^Syntaxe YAML : \S/);
    }
  });
});

describe('closest', () => {
  it('suggests a key at most two edits away, case aside', () => {
    expect(closest('comand', ['command', 'args'])).toBe('command');
    expect(closest('Command', ['command'])).toBe('command');
    expect(closest('agrs', ['command', 'args'])).toBe('args');
    expect(closest('ev', ['env', 'cwd'])).toBe('env');
    expect(closest('colour', ['theme', 'language'])).toBeUndefined();
    expect(closest('cmd', ['cwd', 'env'])).toBe('cwd');
  });
});
