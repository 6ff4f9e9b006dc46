import { describe, expect, it } from 'vitest';
import { alwaysRule } from '../../../host/services/alwaysRule.ts';
import type { PermissionOption, ToolCallView } from '../../../schema/conversation.ts';
import { toolAt as tool } from '../../helpers/tools.ts';

const cwd = '/work/project';
const options: PermissionOption[] = [
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
];

/** A command to run, its input as the agent gave it (compact JSON, as the tool card shows it). */
const run = (input: unknown, ...paths: string[]): ToolCallView => ({
  ...tool('execute', ...paths),
  input: JSON.stringify(input),
});

describe('the rule an “Always” answer adds', () => {
  const request = (toolCall: ToolCallView) => ({
    id: 'p',
    agent: 'claude',
    messageId: 'm',
    toolCall,
    options,
    rejections: 0,
  });
  const always = options[0]!;
  const rule = (toolCall: ToolCallView, option = always) =>
    alwaysRule(request(toolCall), option, [cwd]);

  it('names the agent, the kind and the folder of the locations', () => {
    expect(rule(tool('edit', `${cwd}/src/a/b.ts`, `${cwd}/src/c.ts`))).toEqual({
      kind: 'rule',
      rule: { agent: 'claude', kind: 'edit', path: 'src/**', answer: 'allow' },
    });
    expect(rule(tool('edit', `${cwd}/README.md`))).toEqual({
      kind: 'rule',
      rule: { agent: 'claude', kind: 'edit', path: '**', answer: 'allow' },
    });
    const never = { optionId: 'never', name: 'Never', kind: 'reject_always' } as const;
    expect(rule(tool('delete', `${cwd}/tmp/x`), never)).toMatchObject({
      rule: { path: 'tmp/**', answer: 'reject' },
    });
  });

  it('escapes the folder’s name, so that the glob names that folder only', () => {
    const folders: [string, string][] = [
      ['app/[id]', 'app/\\[id\\]/**'],
      ['**', '\\*\\*/**'],
      ['{a,b}', '\\{a\\,b\\}/**'],
      ['!x', '\\!x/**'],
      ['a*b/c?', 'a\\*b/c\\?/**'],
      ['@(a)/+(b)', '\\@\\(a\\)/\\+\\(b\\)/**'],
      ['a\\\\b', 'a\\\\{,}\\\\b/**'],
    ];
    for (const [folder, path] of folders) {
      expect(rule(tool('edit', `${cwd}/${folder}/page.tsx`)), folder).toMatchObject({
        rule: { path },
      });
    }
  });

  it('names the command to run as the call shows it', () => {
    expect(rule(run({ command: 'npm test', description: 'Run the tests' }))).toEqual({
      kind: 'rule',
      rule: { agent: 'claude', kind: 'execute', command: 'npm test', answer: 'allow' },
    });
    expect(rule(run({ command: ['bash', '-lc', 'ls -la'] }))).toMatchObject({
      rule: { command: "bash -lc 'ls -la'" },
    });
    expect(rule(run({ command: 'git', args: ['log', '--format=%h %s'] }))).toMatchObject({
      rule: { command: "git log '--format=%h %s'" },
    });
    expect(rule(run({ command: 'make' }, `${cwd}/lib/x.c`))).toMatchObject({
      rule: { command: 'make', path: 'lib/**' },
    });
  });

  it('keeps none for a command it cannot tell, however the call is worded', () => {
    for (const input of [undefined, {}, { cmd: 'ls' }, { command: '' }, { command: [] }, 'ls']) {
      const toolCall = { ...run(input, `${cwd}/x`), title: 'Run ls' };
      if (input === undefined) toolCall.input = '';
      expect(rule(toolCall), JSON.stringify(input)).toEqual({
        kind: 'unkept',
        reason: 'noCommand',
      });
    }
  });

  it('keeps none for a “once” answer, or a location outside the cwd', () => {
    expect(rule(tool('edit', `${cwd}/a.ts`), options[1])).toEqual({ kind: 'none' });
    expect(rule(tool('edit', `${cwd}/a.ts`, '/etc/hosts'))).toEqual({
      kind: 'unkept',
      reason: 'outside',
    });
    // A name that begins with two dots is inside.
    expect(rule(tool('edit', `${cwd}/..cache/a`))).toMatchObject({
      rule: { path: '\\.\\.cache/**' },
    });
  });
});
