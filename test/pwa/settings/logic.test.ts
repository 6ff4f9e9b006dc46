import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import schema from '../../../schema/config.schema.json' with { type: 'json' };
import { setTopLevelKey } from '../../../pwa/src/settings/appearance/setTopLevelKey.ts';
import {
  configTextReducer,
  initialConfigText,
  isDirty,
  type ConfigTextAction,
} from '../../../pwa/src/settings/editor/configText.ts';
import { problemRange } from '../../../pwa/src/settings/editor/diagnostics.ts';
import { inlineRefs } from '../../../pwa/src/settings/editor/inlineRefs.ts';
import { joinPath, splitPath } from '../../../pwa/src/settings/file/paths.ts';

describe('setTopLevelKey', () => {
  it('replaces only the value, keeping comments, quotes elsewhere and layout', () => {
    const text =
      '# mine\nlanguage: en   # en | fr\ntheme: system # or light\nagents:\n    a: { command: "x" }\n';
    expect(setTopLevelKey(text, 'theme', 'dark')).toBe(
      text.replace('theme: system', 'theme: dark'),
    );
    expect(setTopLevelKey(text, 'language', 'fr')).toBe(
      text.replace('language: en', 'language: fr'),
    );
  });

  it('fills an empty value and replaces a quoted one', () => {
    expect(setTopLevelKey('theme:\nagents:\n', 'theme', 'dark')).toBe('theme: dark\nagents:\n');
    expect(setTopLevelKey("theme: 'light'\n", 'theme', 'dark')).toBe('theme: dark\n');
  });

  it('adds a missing key before the first one, after the leading comments', () => {
    expect(setTopLevelKey('# head\n\nagents:\n  a:\n    command: x\n', 'theme', 'light')).toBe(
      '# head\n\ntheme: light\nagents:\n  a:\n    command: x\n',
    );
  });

  it('adds a key to a file of comments only, or an empty one', () => {
    expect(setTopLevelKey('# agents:\n#   a: {}', 'theme', 'dark')).toBe(
      '# agents:\n#   a: {}\ntheme: dark\n',
    );
    expect(setTopLevelKey('', 'theme', 'dark')).toBe('theme: dark\n');
  });

  it('works in a flow map', () => {
    expect(setTopLevelKey('{theme: light, agents: {}}', 'theme', 'dark')).toBe(
      '{theme: dark, agents: {}}',
    );
    expect(setTopLevelKey('{agents: {}}', 'theme', 'dark')).toBe('{agents: {}, theme: dark}\n');
  });

  it('refuses a text that is not a YAML map', () => {
    expect(setTopLevelKey('theme: "light\n', 'theme', 'dark')).toBeUndefined();
    expect(setTopLevelKey('theme: a\ntheme: b\n', 'theme', 'dark')).toBeUndefined();
    expect(setTopLevelKey('- a\n- b\n', 'theme', 'dark')).toBeUndefined();
  });
});

describe('problemRange', () => {
  const doc = Text.of(['theme: blue', '  "a b": 1', 'x:', '']);
  const marked = (line: number, column: number) => {
    const { from, to } = problemRange(doc, { line, column });
    return doc.sliceString(from, to);
  };

  it('marks the token at the 1-based line and column', () => {
    expect(marked(1, 8)).toBe('blue');
    expect(marked(1, 1)).toBe('theme');
    expect(marked(2, 3)).toBe('"a b"');
    expect(marked(3, 1)).toBe('x');
  });

  it('clamps a position past the text', () => {
    expect(problemRange(doc, { line: 9, column: 9 })).toEqual({ from: doc.length, to: doc.length });
    expect(marked(1, 40)).toBe('');
  });
});

describe('inlineRefs', () => {
  it('leaves no reference in the configuration’s schema', () => {
    const inlined = inlineRefs(schema);
    expect(JSON.stringify(inlined)).not.toContain('$ref');
    expect(JSON.stringify(inlined)).not.toContain('$defs');
    expect(inlined).toHaveProperty('properties.agents.additionalProperties.properties.command');
    // The referring node's own keys win over the definition's.
    expect(inlined).toHaveProperty(
      'properties.limits.properties.stopIdleAgentsAfter.description',
      'Stop an agent nobody has used for this long: `90s`, `15m`, `1h`, or `0` for never.',
    );
    expect(inlined).toHaveProperty('properties.limits.properties.stopIdleAgentsAfter.anyOf');
  });
});

describe('paths', () => {
  it('joins and splits Unix and Windows paths', () => {
    expect(joinPath('/home/me', 'a.yaml')).toBe('/home/me/a.yaml');
    expect(joinPath('/', 'a.yaml')).toBe('/a.yaml');
    expect(joinPath('C:\\Users\\me', 'a.yaml')).toBe('C:\\Users\\me\\a.yaml');
    expect(splitPath('/home/me/a.yaml')).toEqual({ folder: '/home/me', name: 'a.yaml' });
    expect(splitPath('/a.yaml')).toEqual({ folder: '/', name: 'a.yaml' });
  });
});

describe('the editor’s text and the file', () => {
  const run = (...actions: ConfigTextAction[]) =>
    actions.reduce(configTextReducer, initialConfigText);
  const loaded = (text: string, path = '/c.yaml'): ConfigTextAction => ({
    type: 'loaded',
    path,
    text,
  });

  it('a read replaces a draft without changes', () => {
    const state = run(loaded('a: 1\n'), loaded('a: 2\n'));
    expect(state.doc).toEqual({ text: 'a: 2\n', revision: 2 });
    expect(isDirty(state)).toBe(false);
  });

  it('a read under unsaved changes is offered, unless it is what the draft says', () => {
    const edited = run(loaded('a: 1\n'), { type: 'edited', text: 'a: 3\n' });
    expect(configTextReducer(edited, loaded('a: 2\n'))).toMatchObject({
      newer: 'a: 2\n',
      draft: 'a: 3\n',
    });
    expect(isDirty(configTextReducer(edited, loaded('a: 3\n')))).toBe(false);
  });

  it('another file replaces the draft, changes or not', () => {
    const state = run(
      loaded('a: 1\n'),
      { type: 'edited', text: 'a: 3\n' },
      loaded('b: 1\n', '/d.yaml'),
    );
    expect(state).toMatchObject({ draft: 'b: 1\n', disk: 'b: 1\n', path: '/d.yaml' });
  });

  it('problems about an older text are dropped', () => {
    const state = run(
      loaded('a: 1\n'),
      { type: 'edited', text: 'a: 3\n' },
      { type: 'checked', text: 'a: 1\n', problems: [] },
    );
    expect(state.checked).toBeUndefined();
  });
});
