import { describe, expect, it } from 'vitest';
import { alwaysRule } from '../../../host/services/alwaysRule.ts';
import type { PermissionOption, ToolCallView } from '../../../schema/conversation.ts';
import { toolAt as tool } from '../../helpers/tools.ts';

const cwd = '/work/project';
const options: PermissionOption[] = [
  { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
];

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
      alwaysRule(request(tool('edit', `${cwd}/src/a/b.ts`, `${cwd}/src/c.ts`)), always, [cwd]),
    ).toEqual({ agent: 'claude', kind: 'edit', path: 'src/**', answer: 'allow' });
    expect(alwaysRule(request(tool('edit', `${cwd}/README.md`)), always, [cwd])).toEqual({
      agent: 'claude',
      kind: 'edit',
      path: '**',
      answer: 'allow',
    });
    expect(alwaysRule(request(tool('execute')), always, [cwd])).toEqual({
      agent: 'claude',
      kind: 'execute',
      answer: 'allow',
    });
    const never = { optionId: 'never', name: 'Never', kind: 'reject_always' } as const;
    expect(alwaysRule(request(tool('delete', `${cwd}/tmp/x`)), never, [cwd])).toMatchObject({
      path: 'tmp/**',
      answer: 'reject',
    });
  });

  it('adds none for a “once” answer, or a location outside the cwd', () => {
    expect(alwaysRule(request(tool('edit', `${cwd}/a.ts`)), options[1]!, [cwd])).toBeUndefined();
    expect(
      alwaysRule(request(tool('edit', `${cwd}/a.ts`, '/etc/hosts')), always, [cwd]),
    ).toBeUndefined();
  });
});
