/**
 * "Always allow" on the file Switchboard writes on a first start (issue 32.1): the default file
 * has no `permissions` key, and the rule must still be kept — in the file, its comments with it,
 * answering the next request and the one after a restart. Through a real host on a fresh HOME and
 * its built-in agent.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../../schema/config.ts';
import type { ChatMessage } from '../../schema/conversation.ts';
import { ChatClient, textOf } from '../helpers/chat.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** The rule that answered the tool call of `answer`, if one did. */
const ruleOf = (answer: ChatMessage) =>
  answer.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool.rule] : []))[0];

/** Sends `text` to the built-in agent and returns its answer, once done. */
async function ask(chat: ChatClient, text: string): Promise<ChatMessage> {
  return chat.answer('builtin', await chat.send('builtin', text));
}

describe('“Always allow” on the default configuration', () => {
  it('keeps its rule in the file, which answers the next request, and after a restart', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-first-start-'));
    const home = join(folder, 'home');
    await mkdir(home);
    await writeFile(join(home, 'shopping-list.txt'), 'eggs\n');
    const run = (): Promise<HostProcess> => start(undefined, [], { HOME: home }, { folder });

    const host = await run();
    const written = await readFile(host.configPath, 'utf8');
    expect(written).not.toContain('permissions');
    const chat = new ChatClient(await host.connect());
    const sent = await chat.send('builtin', '/run ls');
    const request = await chat.permission('builtin');
    expect(request.toolCall).toMatchObject({ kind: 'execute', title: 'Run ls', locations: [] });
    expect(
      (await chat.wire.call('ChatService.AnswerPermission', [request.id, 'allow-always'])).error,
    ).toBeUndefined();
    expect(textOf(await chat.answer('builtin', sent))).toContain('shopping-list.txt');

    const kept = await readFile(host.configPath, 'utf8');
    expect(kept).toContain('# Switchboard configuration: the agents you run, and how.');
    expect(kept).toContain("# Claude Code, through Zed's ACP adapter.");
    const rules: PermissionRule[] = [
      { index: 0, agent: 'builtin', kind: 'execute', command: 'ls', answer: 'allow' },
    ];
    expect((await chat.wire.call('ConfigService.Permissions')).result).toEqual(rules);

    // A new conversation is a new session: the agent remembers nothing, the rule answers.
    expect((await chat.wire.call('ChatService.New', ['builtin'])).error).toBeUndefined();
    expect(ruleOf(await ask(chat, '/run ls'))).toEqual({ index: 0, answer: 'allow' });
    // Another command is asked.
    const other = await chat.send('builtin', '/run ls -a');
    const asked = await chat.permission('builtin', 2);
    expect(asked.toolCall.title).toBe('Run ls -a');
    await chat.wire.call('ChatService.AnswerPermission', [asked.id, 'reject-once']);
    expect(ruleOf(await chat.answer('builtin', other))).toBeUndefined();

    chat.wire.close();
    await host.stop();
    const again = await run();
    const after = new ChatClient(await again.connect());
    expect(ruleOf(await ask(after, '/run ls'))).toEqual({ index: 0, answer: 'allow' });
    expect(await readFile(again.configPath, 'utf8')).toBe(kept);
    // Two host starts and three agent runs: over 30 s on a loaded machine.
  }, 90_000);
});
