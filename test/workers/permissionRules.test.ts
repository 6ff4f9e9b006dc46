import { describe, expect, it } from 'vitest';
import { alwaysRule } from '../../host/services/alwaysRule.ts';
import type { PermissionRule } from '../../schema/config.ts';
import type { PermissionOption, ToolCallView } from '../../schema/conversation.ts';
import { blankTool } from '../../workers/messageModel.ts';
import { answerByRule } from '../../workers/permissionRules.ts';

const cwd = '/work/project';
const tool = (kind: ToolCallView['kind'], ...paths: string[]): ToolCallView => ({
  ...blankTool('t'),
  kind,
  locations: paths.map((path) => ({ path })),
});
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
    expect(answerByRule(list, tool('edit', `${cwd}/src/a/b.ts`, 'src/c.ts'), options, cwd)).toEqual(
      { rule: 0, answer: 'allow', optionId: 'yes' },
    );
    // One location outside the glob: the next rule.
    expect(
      answerByRule(list, tool('edit', `${cwd}/src/a.ts`, `${cwd}/README.md`), options, cwd),
    ).toEqual({ rule: 1, answer: 'reject', optionId: 'no' });
    expect(answerByRule(list, tool('read'), options, cwd)).toEqual({
      rule: 2,
      answer: 'allow',
      optionId: 'yes',
    });
  });

  it('never matches a path outside the cwd, however it is written, nor a call with no location', () => {
    const list = rules({ path: '**', answer: 'allow' });
    for (const outside of ['/etc/passwd', `${cwd}/../secret`, '../secret', `${cwd}-other/x`, cwd]) {
      expect(answerByRule(list, tool('read', outside), options, cwd), outside).toBeUndefined();
    }
    expect(answerByRule(list, tool('read'), options, cwd)).toBeUndefined();
    expect(answerByRule(list, tool('read', `${cwd}/.env`), options, cwd)).toMatchObject({
      rule: 0,
    });
  });

  it('asks the user when the agent offers no option of the rule’s answer', () => {
    const onlyAllow = options.filter((option) => option.kind.startsWith('allow'));
    expect(answerByRule(rules({ answer: 'reject' }), tool('read'), onlyAllow, cwd)).toBeUndefined();
    expect(
      answerByRule(rules({ answer: 'allow' }), tool('read'), onlyAllow.slice(0, 1), cwd),
    ).toEqual({ rule: 0, answer: 'allow', optionId: 'always' });
  });
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

  it('names the agent, the kind and the folder of the locations', () => {
    expect(
      alwaysRule(request(tool('edit', `${cwd}/src/a/b.ts`, `${cwd}/src/c.ts`)), always, cwd),
    ).toEqual({ agent: 'claude', kind: 'edit', path: 'src/**', answer: 'allow' });
    expect(alwaysRule(request(tool('edit', `${cwd}/README.md`)), always, cwd)).toEqual({
      agent: 'claude',
      kind: 'edit',
      path: '**',
      answer: 'allow',
    });
    expect(alwaysRule(request(tool('execute')), always, cwd)).toEqual({
      agent: 'claude',
      kind: 'execute',
      answer: 'allow',
    });
    const never = { optionId: 'never', name: 'Never', kind: 'reject_always' } as const;
    expect(alwaysRule(request(tool('delete', `${cwd}/tmp/x`)), never, cwd)).toMatchObject({
      path: 'tmp/**',
      answer: 'reject',
    });
  });

  it('adds none for a “once” answer, or a location outside the cwd', () => {
    expect(alwaysRule(request(tool('edit', `${cwd}/a.ts`)), options[1]!, cwd)).toBeUndefined();
    expect(
      alwaysRule(request(tool('edit', `${cwd}/a.ts`, '/etc/hosts')), always, cwd),
    ).toBeUndefined();
  });
});
