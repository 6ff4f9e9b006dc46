/** Saved permission rules (CONTRACT.md §8) through a real host and the fake agent. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../../schema/config.ts';
import type { ToolCallView } from '../../schema/conversation.ts';
import {
  askPermission,
  ChatClient,
  permissionOptions,
  runScript,
  script,
  textOf,
} from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const options = permissionOptions({ always: true });

const rulesYaml = [
  '# Rules I trust',
  'permissions:',
  '  - agent: a',
  '    kind: edit',
  '    path: src/**',
  '    answer: allow',
  '  - kind: execute # never run anything',
  '    answer: reject',
  '',
].join('\n');

async function hostWith(extra: string) {
  // The host's folder is the agent's cwd: the fake agent's locations are made from it.
  const host = await start(configText({ a: ['--session'] }, extra));
  return { host, chat: new ChatClient(await host.connect()) };
}

const ask = (toolCallId: string, kind: string, ...paths: string[]) =>
  askPermission(
    { toolCallId, title: toolCallId, kind, locations: paths.map((path) => ({ path })) },
    options,
  );

const toolsOf = (chat: ChatClient): ToolCallView[] =>
  chat
    .folded('a')
    .messages.flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool] : [])),
    );

describe('permission rules', () => {
  it('answer before anyone is asked, and the request still shows with its rule', async () => {
    const { host, chat } = await hostWith(rulesYaml);
    const inSrc = join(host.folder, 'src', 'a.ts');
    expect(
      await runScript(chat, 'a', ask('e1', 'edit', inSrc), { text: ' | ' }, ask('x1', 'execute')),
    ).toBe('permission: selected yes | permission: selected no');
    const resolved = chat.wire.events.filter((event) => event.name === 'permission:resolved');
    expect(resolved.map((event) => (event.data as { rule?: number }).rule)).toEqual([0, 1]);
    expect(toolsOf(chat).map(({ id, rule }) => ({ id, rule }))).toEqual([
      { id: 'e1', rule: { index: 0, answer: 'allow' } },
      { id: 'x1', rule: { index: 1, answer: 'reject' } },
    ]);
    expect((await chat.settled('a')).permissions).toEqual([]);
  });

  it('ask the user for what no rule matches: outside the glob, or outside the cwd', async () => {
    const { host, chat } = await hostWith(rulesYaml);
    const sent = await chat.send(
      'a',
      script(
        ask('e2', 'edit', join(host.folder, 'src', 'a.ts'), join(host.folder, '..', 'src', 'b.ts')),
      ),
    );
    const request = await chat.permission('a');
    expect(request.toolCall.id).toBe('e2');
    await chat.wire.call('ChatService.AnswerPermission', [request.id, 'no']);
    expect(textOf(await chat.answer('a', sent))).toBe('permission: selected no');
  });

  it('grow with “Always allow”, the file’s comments kept; Settings lists and removes them', async () => {
    const { host, chat } = await hostWith(rulesYaml);
    const inDocs = join(host.folder, 'docs', 'guide.md');
    const sent = await chat.send('a', script(ask('e3', 'edit', inDocs)));
    const request = await chat.permission('a');
    expect(
      (await chat.wire.call('ChatService.AnswerPermission', [request.id, 'always'])).error,
    ).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe('permission: selected always');

    const written = await readFile(host.configPath, 'utf8');
    expect(written).toContain('# Rules I trust');
    expect(written).toContain('# never run anything');
    const rules = (await chat.wire.call('ConfigService.Permissions')).result as PermissionRule[];
    expect(rules.at(-1)).toEqual({
      index: 2,
      agent: 'a',
      kind: 'edit',
      path: 'docs/**',
      answer: 'allow',
    });
    // The next such request is answered by it, and "always" again adds nothing.
    expect(await runScript(chat, 'a', ask('e4', 'edit', join(host.folder, 'docs', 'api.md')))).toBe(
      'permission: selected yes',
    );
    expect(toolsOf(chat).find((tool) => tool.id === 'e4')?.rule).toEqual({
      index: 2,
      answer: 'allow',
    });

    expect((await chat.wire.call('ConfigService.RemovePermission', [1])).error).toBeUndefined();
    const after = (await chat.wire.call('ConfigService.Permissions')).result as PermissionRule[];
    expect(after.map(({ index, kind }) => ({ index, kind }))).toEqual([
      { index: 0, kind: 'edit' },
      { index: 1, kind: 'edit' },
    ]);
    const kept = await readFile(host.configPath, 'utf8');
    expect(kept).toContain('# Rules I trust');
    expect(kept).not.toContain('execute');
    expect((await chat.wire.call('ConfigService.RemovePermission', [7])).error).toMatchObject({
      code: -32000,
      message: 'there is no permission rule 7',
      data: { kind: 'not-found' },
    });
    expect((await chat.wire.call('ConfigService.RemovePermission', [-1])).error).toMatchObject({
      code: -32602,
    });
  });
});
