/** Saved permission rules (CONTRACT.md §8) through a real host and the fake agent. */
import { readFile, writeFile } from 'node:fs/promises';
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

/** A command the agent asks to run, with the input it shows (`rawInput`), in no location. */
const askRun = (toolCallId: string, rawInput?: unknown) =>
  askPermission({ toolCallId, title: toolCallId, rawInput }, options);

/** Answers the agent's `nth` request (from 0), which must be `toolCallId` and still waiting. */
async function answer(chat: ChatClient, nth: number, toolCallId: string, optionId: string) {
  const request = await chat.permission('a', nth);
  expect(request.toolCall.id).toBe(toolCallId);
  return chat.wire.call('ChatService.AnswerPermission', [request.id, optionId]);
}

const pending = async (chat: ChatClient) =>
  ((await chat.wire.call('ChatService.Permissions')).result as { toolCall: ToolCallView }[]).map(
    (request) => request.toolCall.id,
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

  it('kept for a folder, allow that folder only, whatever its name', async () => {
    const { host, chat } = await hostWith('');
    const at = (...path: string[]) => join(host.folder, ...path);
    const sent = await chat.send(
      'a',
      script(
        ask('e1', 'edit', at('app', '[id]', 'page.tsx')),
        { text: ' | ' },
        ask('e2', 'edit', at('app', 'i', 'page.tsx')),
        { text: ' | ' },
        ask('e3', 'edit', at('app', '[id]', 'layout.tsx')),
        { text: ' | ' },
        ask('e4', 'edit', at('**', 'notes.md')),
        { text: ' | ' },
        ask('e5', 'edit', at('lib', 'a.ts')),
      ),
    );
    expect((await answer(chat, 0, 'e1', 'always')).error).toBeUndefined();
    expect((await answer(chat, 1, 'e2', 'no')).error).toBeUndefined();
    expect((await answer(chat, 3, 'e4', 'always')).error).toBeUndefined();
    expect((await answer(chat, 4, 'e5', 'no')).error).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe(
      'permission: selected always | permission: selected no | permission: selected yes' +
        ' | permission: selected always | permission: selected no',
    );
    const rules = (await chat.wire.call('ConfigService.Permissions')).result as PermissionRule[];
    expect(rules.map((rule) => rule.path)).toEqual(['app/\\[id\\]/**', '\\*\\*/**']);
    expect(toolsOf(chat).find((tool) => tool.id === 'e3')?.rule).toEqual({
      index: 0,
      answer: 'allow',
    });
  });

  it('kept for a command, allow that command only; one it cannot tell keeps none, and says so', async () => {
    const { host, chat } = await hostWith('');
    const sent = await chat.send(
      'a',
      script(
        askRun('x1', { command: 'ls -la', description: 'List the files' }),
        { text: ' | ' },
        askRun('x2', { command: 'ls -la; rm -rf ~' }),
        { text: ' | ' },
        askRun('x3', { command: 'ls -la' }),
        { text: ' | ' },
        askRun('x4'),
      ),
    );
    expect((await answer(chat, 0, 'x1', 'always')).error).toBeUndefined();
    expect((await answer(chat, 1, 'x2', 'no')).error).toBeUndefined();
    expect(await readFile(host.configPath, 'utf8')).toContain('command: ls -la');
    // No command to name: "always" is refused where it was clicked, and the request waits.
    expect((await answer(chat, 3, 'x4', 'always')).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('does not say which command it would run') as string,
    });
    expect(await pending(chat)).toEqual(['x4']);
    expect((await answer(chat, 3, 'x4', 'yes')).error).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe(
      'permission: selected always | permission: selected no | permission: selected yes' +
        ' | permission: selected yes',
    );
    const rules = (await chat.wire.call('ConfigService.Permissions')).result as PermissionRule[];
    expect(rules).toEqual([
      { index: 0, agent: 'a', kind: 'execute', command: 'ls -la', answer: 'allow' },
    ]);
  });

  it('that cannot be saved answer nothing: the reason comes back, and the request waits', async () => {
    const { host, chat } = await hostWith(rulesYaml);
    const sent = await chat.send('a', script(ask('e6', 'edit', join(host.folder, 'docs', 'a.md'))));
    await chat.permission('a');
    const broken = `${rulesYaml}theme: [dark\n`;
    await writeFile(host.configPath, broken);
    const refused = await answer(chat, 0, 'e6', 'always');
    expect(refused.error).toMatchObject({ data: { kind: 'invalid-config' } });
    expect(refused.error?.message).toMatch(
      /^The rule could not be saved, so nothing was answered: .* has errors, so Switchboard did not change it: /,
    );
    expect(await pending(chat)).toEqual(['e6']);
    expect(chat.wire.events.some((event) => event.name === 'permission:resolved')).toBe(false);
    expect(await readFile(host.configPath, 'utf8')).toBe(broken);
    expect((await answer(chat, 0, 'e6', 'yes')).error).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe('permission: selected yes');
  });
});
