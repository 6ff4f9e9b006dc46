import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../../schema/config.ts';
import type { PermissionOption } from '../../schema/conversation.ts';
import { toolAt as tool } from '../helpers/tools.ts';
import { answerByRule } from '../../workers/permissionRules.ts';

const cwd = '/work/project';
const options: PermissionOption[] = [
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];
const rules = (...list: Omit<PermissionRule, 'index'>[]): PermissionRule[] =>
  list.map((rule, index) => ({ ...rule, index }));

describe('the rule that answers a permission request', () => {
  it('is the first that matches the kind and every location, and picks the “once” option', () => {
    const list = rules(
      { kind: 'edit', path: 'src/**', answer: 'allow' },
      { kind: 'edit', answer: 'reject' },
      { answer: 'allow' },
    );
    expect(
      answerByRule(list, tool('edit', `${cwd}/src/a/b.ts`, 'src/c.ts'), options, [cwd]),
    ).toEqual({ rule: 0, answer: 'allow', optionId: 'yes' });
    // One location outside the glob: the next rule.
    expect(
      answerByRule(list, tool('edit', `${cwd}/src/a.ts`, `${cwd}/README.md`), options, [cwd]),
    ).toEqual({ rule: 1, answer: 'reject', optionId: 'no' });
    expect(answerByRule(list, tool('read'), options, [cwd])).toEqual({
      rule: 2,
      answer: 'allow',
      optionId: 'yes',
    });
  });

  it('never matches a path outside the cwd, however it is written, nor a call with no location', () => {
    const list = rules({ path: '**', answer: 'allow' });
    for (const outside of ['/etc/passwd', `${cwd}/../secret`, '../secret', `${cwd}-other/x`, cwd]) {
      expect(answerByRule(list, tool('read', outside), options, [cwd]), outside).toBeUndefined();
    }
    expect(answerByRule(list, tool('read'), options, [cwd])).toBeUndefined();
    expect(answerByRule(list, tool('read', `${cwd}/.env`), options, [cwd])).toMatchObject({
      rule: 0,
    });
  });

  it('with a command, matches only a call that runs exactly that command', () => {
    const list = rules({ kind: 'execute', command: 'npm test', answer: 'allow' });
    const run = (input: unknown) => ({ ...tool('execute'), input: JSON.stringify(input) });
    expect(answerByRule(list, run({ command: 'npm test' }), options, [cwd])).toMatchObject({
      rule: 0,
    });
    expect(answerByRule(list, run({ command: ['npm', 'test'] }), options, [cwd])).toMatchObject({
      rule: 0,
    });
    for (const other of [
      { command: 'npm test; rm -rf ~' },
      { command: 'npm  test' },
      { command: 'npm test ' },
      { command: 'npm' },
      { command: ['npm', 'test', '--', '-u'] },
      { command: 'npm', args: ['test', 'x'] },
      { cmd: 'npm test' },
      'npm test',
    ]) {
      expect(answerByRule(list, run(other), options, [cwd]), JSON.stringify(other)).toBeUndefined();
    }
    expect(answerByRule(list, { ...tool('execute'), title: 'npm test' }, options, [cwd])).toBe(
      undefined,
    );
  });

  it('takes a location under the real path of a symlinked cwd for one inside it', () => {
    const list = rules({ path: 'src/**', answer: 'allow' });
    const real = '/private/work/project';
    expect(
      answerByRule(list, tool('edit', `${real}/src/a.ts`), options, [cwd, real]),
    ).toMatchObject({ rule: 0 });
    expect(answerByRule(list, tool('edit', `${real}/src/a.ts`), options, [cwd])).toBeUndefined();
  });

  it('asks the user when the agent offers no option of the rule’s answer', () => {
    const onlyAllow = options.filter((option) => option.kind.startsWith('allow'));
    expect(
      answerByRule(rules({ answer: 'reject' }), tool('read'), onlyAllow, [cwd]),
    ).toBeUndefined();
    expect(
      answerByRule(rules({ answer: 'allow' }), tool('read'), onlyAllow.slice(0, 1), [cwd]),
    ).toEqual({ rule: 0, answer: 'allow', optionId: 'always' });
  });
});
