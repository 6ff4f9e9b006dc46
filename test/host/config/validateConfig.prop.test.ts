import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { validateConfig } from '../../../host/config/validateConfig.ts';

const configPath = '/nowhere/switchboard/config.yaml';
/** A PATH where nothing is found, so that results do not depend on this machine. */
const env = { PATH: '/nowhere/bin' };

/** Validates, and checks what holds for every text: positions inside it, config iff no error. */
function validateAndCheck(text: string): void {
  const { problems, config } = validateConfig(text, configPath, { env });
  const lines = text.split('\n');
  for (const problem of problems) {
    expect(problem.line).toBeGreaterThanOrEqual(1);
    expect(problem.line).toBeLessThanOrEqual(lines.length);
    expect(problem.column).toBeGreaterThanOrEqual(1);
    expect(problem.column).toBeLessThanOrEqual(lines[problem.line - 1]!.length + 1);
    expect(problem.message).not.toBe('');
    expect(problem.message).not.toMatch(/must NOT|must match|must have required|\{\w+\}/);
    // The safety net of validateConfig catches what nobody foresaw: it must never be needed.
    expect(problem.message).not.toMatch(/could not be checked|n’a pas pu être vérifiée/);
  }
  expect(config !== undefined).toBe(problems.every((problem) => problem.warning));
  const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
  expect(problems).toEqual(sorted);
}

/** A configuration that uses every key of the format. */
const valid = `# every key of the format
language: fr
theme: dark
limits:
  maxRunningAgents: 2
  stopIdleAgentsAfter: 90s
agents:
  claude:
    title: Claude Code
    icon: "🤖"
    description: Anthropic's agent through its ACP adapter
    command: npx
    args: ["-y", "@zed-industries/claude-agent-acp"]
    env: { ANTHROPIC_API_KEY: "sk-ant-…" }
    cwd: ~/code/project
  local:
    command: /usr/bin/env
    args:
      - node
      - --version
channels:
  - name: home
    nats: nats://nas.local:4222
    machine: workstation
    user: me
    password: "secret"
  - name: work
    nats: tls://nats.example.com:4222
    creds: ~/nats/work.creds
allowedHosts: [mybox.local, &host other.local, *host]
`;

/** Pieces of YAML and of the format, put together into lines. */
const fragment = fc.constantFrom(
  'language',
  'theme',
  'limits',
  'maxRunningAgents',
  'stopIdleAgentsAfter',
  'agents',
  'claude',
  'title',
  'icon',
  'description',
  'command',
  'args',
  'env',
  'cwd',
  'channels',
  'name',
  'nats',
  'machine',
  'user',
  'password',
  'creds',
  'allowedHosts',
  'PATH',
  'en',
  'fr',
  'dark',
  '3',
  '0',
  '-1',
  '2.5',
  '15m',
  '1h',
  'true',
  'null',
  '~',
  '~/x',
  './x',
  '/',
  'npx',
  '"x"',
  "'y'",
  '"',
  "'",
  ':',
  ': ',
  '- ',
  '-',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '#',
  ' # c',
  '&a ',
  '*a',
  '*b',
  '!t ',
  '!!str ',
  '!!map ',
  '|',
  '>-',
  '---',
  '...',
  '%YAML 1.2',
  '\t',
  ' ',
  '  ',
  '\\',
  '\\q',
  '@',
  '`',
  '%',
  '<<',
  '__proto__',
  'constructor',
  '\u0000',
  '\r',
  '\uFEFF',
  '🤖',
  'é',
  '\uD800',
);
const line = fc
  .tuple(fc.nat({ max: 8 }), fc.array(fragment, { maxLength: 6 }))
  .map(([indent, pieces]) => ' '.repeat(indent) + pieces.join(''));
const yamlish = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'));

type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; text: string };

const character = fc.oneof(
  fc.constantFrom(
    ' ',
    '\n',
    '\t',
    ':',
    '-',
    '[',
    ']',
    '{',
    '}',
    ',',
    '"',
    "'",
    '#',
    '&',
    '*',
    '!',
    '|',
    '>',
    '?',
    '%',
    '@',
    '`',
    '\\',
    '\r',
    '0',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
  fragment,
);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: character }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text: character }),
);

function apply(text: string, edits: readonly Edit[]): string {
  return edits.reduce((current, change) => {
    const at = current.length === 0 ? 0 : change.at % (current.length + 1);
    switch (change.kind) {
      case 'insert':
        return current.slice(0, at) + change.text + current.slice(at);
      case 'delete':
        return current.slice(0, at) + current.slice(at + change.length);
      case 'replace':
        return current.slice(0, at) + change.text + current.slice(at + 1);
    }
  }, text);
}

describe('validateConfig never throws, and every problem lies inside the text', () => {
  test('the valid example is valid', () => {
    const { problems, config } = validateConfig(valid, configPath, { env });
    expect(problems.filter((problem) => !problem.warning)).toEqual([]);
    expect(config?.agents.map((agent) => agent.name)).toEqual(['claude', 'local']);
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 400 })], { numRuns: 300 })(
    'on arbitrary strings',
    (text) => validateAndCheck(text),
  );

  test.prop([yamlish], { numRuns: 500 })('on YAML-ish texts built from fragments', (text) =>
    validateAndCheck(text),
  );

  test.prop([fc.array(edit, { minLength: 1, maxLength: 8 })], { numRuns: 500 })(
    'on mutations of a valid file (inserted, deleted, replaced characters)',
    (edits) => validateAndCheck(apply(valid, edits)),
  );

  test.prop([yamlish, fc.array(edit, { maxLength: 4 })], { numRuns: 200 })(
    'on mutations of the configuration appended to YAML-ish text',
    (prefix, edits) => validateAndCheck(apply(`${prefix}\n${valid}`, edits)),
  );
});
