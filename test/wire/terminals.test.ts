/**
 * Terminals (`terminal/*`, CONTRACT.md §7): commands an agent runs in Switchboard, their output
 * live in the tool call that shows them, killed from the app or with the agent, through a real
 * host and real processes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TerminalView, ToolCallView } from '../../schema/conversation.ts';
import { isAlive } from '../helpers/agents.ts';
import {
  ChatClient,
  conversationEvents,
  runScript,
  script,
  textOf,
  withChat,
} from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerFile();

/** One agent per test, each its own conversation, all in one host (a host takes seconds). */
const agents = ['live', 'args', 'limit', 'flood', 'huge', 'kill', 'ends', 'refuses'] as const;
let english: Promise<{ host: HostProcess; chat: ChatClient }> | undefined;

function chatWith(agent: (typeof agents)[number]) {
  english ??= (async () => {
    const config = configText(
      Object.fromEntries(agents.map((name) => [name, ['--session']])),
      'language: en\n',
    );
    return withChat(await start(config));
  })();
  return english.then(({ host, chat }) => ({ host, chat, agent }));
}

/** The terminals the tool calls of `agent`'s conversation show now. */
function terminals(chat: ChatClient, agent: string): TerminalView[] {
  return chat
    .folded(agent)
    .messages.flatMap((message) => message.parts)
    .flatMap((part) => (part.kind === 'tool' ? (part.tool.terminals ?? []) : []));
}

const tools = (chat: ChatClient, agent: string): ToolCallView[] =>
  chat
    .folded(agent)
    .messages.flatMap((message) => message.parts)
    .flatMap((part) => (part.kind === 'tool' ? [part.tool] : []));

describe('a command an agent runs in a terminal', () => {
  it('shows its output in the tool call as it comes, then how it ended', async () => {
    const { chat } = await chatWith('live');
    const command = "printf 'one\\n'; sleep 1; printf 'two\\n'";
    const sent = await chat.send('live', script({ terminal: { command } }));
    await expect.poll(() => terminals(chat, 'live')[0]?.output).toBe('one\n');
    expect(terminals(chat, 'live')[0]).toMatchObject({ command, exitCode: null, signal: null });
    expect(tools(chat, 'live')[0]).toMatchObject({ kind: 'execute', status: 'in_progress' });

    expect(textOf(await chat.answer('live', sent))).toBe('terminal: 0 null false "one\\ntwo\\n"');
    expect(terminals(chat, 'live')).toEqual([
      {
        id: expect.stringMatching(/^term-[0-9a-f-]{36}$/) as string,
        command,
        output: 'one\ntwo\n',
        exitCode: 0,
        signal: null,
        truncated: false,
      },
    ]);
    expect(tools(chat, 'live')[0]!.status).toBe('completed');
    // What the app holds is what the host keeps.
    expect((await chat.settled('live')).messages.at(-1)!.parts[0]).toMatchObject({
      tool: { terminals: terminals(chat, 'live') },
    });
  });

  it('runs a command with arguments as given, in a folder of the cwd, with the env asked', async () => {
    const { chat, host } = await chatWith('args');
    await mkdir(join(host.folder, 'sub'));
    const text = await runScript(chat, 'args', {
      terminal: {
        command: 'sh',
        args: ['-c', 'printf "%s %s" "$(basename "$PWD")" "$GREETING"', 'ignored $HOME'],
        cwd: join(host.folder, 'sub'),
        env: [{ name: 'GREETING', value: 'hi there' }],
      },
    });
    expect(text).toBe('terminal: 0 null false "sub hi there"');
    expect(terminals(chat, 'args')[0]!.command).toBe(
      `sh -c 'printf "%s %s" "$(basename "$PWD")" "$GREETING"' 'ignored $HOME'`,
    );
  });

  it('keeps the last outputByteLimit bytes, cut on a character boundary', async () => {
    const { chat } = await chatWith('limit');
    // 3 000 × "é" (2 bytes each) then "end": 101 bytes kept would start mid-character.
    const command = `for i in $(seq 3000); do printf 'é'; done; printf end`;
    const text = await runScript(chat, 'limit', { terminal: { command, outputByteLimit: 101 } });
    expect(text).toBe(`terminal: 0 null true "${'é'.repeat(49)}end"`);
    expect(terminals(chat, 'limit')[0]).toMatchObject({
      output: `${'é'.repeat(49)}end`,
      truncated: true,
    });
  });

  it('sends a flood to the app as its last 64 KiB, a few times a second', async () => {
    const { chat } = await chatWith('flood');
    const command = "head -c 30000000 /dev/zero | tr '\\0' y";
    const text = await runScript(chat, 'flood', { terminal: { command } });
    // The agent gets its default limit (1 MiB); the app the tail of it.
    expect(text).toMatch(/^terminal: 0 null true "y{1048576}"$/);
    const [terminal] = terminals(chat, 'flood');
    expect(terminal).toMatchObject({ exitCode: 0, truncated: true });
    expect(terminal!.output).toBe('y'.repeat(64 * 1024));
    const toolDeltas = conversationEvents(chat.wire.events, 'flood').filter(
      (event) => event.name === 'message:delta' && event.data.part?.kind === 'tool',
    );
    expect(toolDeltas.length).toBeLessThan(100);
  });

  it('keeps 4 MiB at the most whatever outputByteLimit the agent asks', async () => {
    const { chat } = await chatWith('huge');
    const command = "head -c 8000000 /dev/zero | tr '\\0' y";
    const text = await runScript(chat, 'huge', { terminal: { command, outputByteLimit: 1e12 } });
    expect(text).toMatch(/^terminal: 0 null true "y{4194304}"$/);
  });

  it('is killed from the app: its whole group, SIGKILL if it ignores SIGTERM', async () => {
    const { chat } = await chatWith('kill');
    const command = "trap '' TERM; echo $$; sleep 60 & wait; sleep 60";
    const sent = await chat.send('kill', script({ terminal: { command } }));
    await expect.poll(() => terminals(chat, 'kill')[0]?.output ?? '').toMatch(/^\d+\n$/);
    const pid = Number(terminals(chat, 'kill')[0]!.output);
    expect(isAlive(pid)).toBe(true);

    const kill = await chat.wire.call('ChatService.KillTerminal', [
      'kill',
      terminals(chat, 'kill')[0]!.id,
    ]);
    expect(kill.error).toBeUndefined();
    expect(textOf(await chat.answer('kill', sent))).toBe(
      `terminal: null SIGKILL false "${pid}\\n"`,
    );
    expect(terminals(chat, 'kill')[0]).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
    expect(tools(chat, 'kill')[0]!.status).toBe('failed');
    expect(isAlive(pid)).toBe(false);
  });

  it('ends with the agent, and with a cancelled turn', async () => {
    const { chat, host } = await chatWith('ends');
    const sent = await chat.send(
      'ends',
      script({ terminal: { command: 'echo $$; exec sleep 60' } }),
    );
    await expect.poll(() => terminals(chat, 'ends')[0]?.output ?? '').toMatch(/^\d+\n$/);
    const pid = Number(terminals(chat, 'ends')[0]!.output);
    const cancel = await chat.wire.call('ChatService.Cancel', ['ends']);
    expect(cancel.error).toBeUndefined();
    expect(textOf(await chat.answer('ends', sent))).toBe(
      `terminal: null SIGTERM false "${pid}\\n"`,
    );

    await chat.send('ends', script({ terminal: { command: 'echo $$; exec sleep 60' } }));
    await expect.poll(() => terminals(chat, 'ends')[1]?.output ?? '').toMatch(/^\d+\n$/);
    const second = Number(terminals(chat, 'ends')[1]!.output);
    const stop = await host.connect().then((wire) => wire.call('AgentService.Stop', ['ends']));
    expect(stop.error).toBeUndefined();
    await expect.poll(() => isAlive(second)).toBe(false);
    await expect.poll(() => terminals(chat, 'ends')[1]?.signal).toBe('SIGKILL');

    // The next run's terminals are its own: the earlier tool calls keep theirs.
    const before = terminals(chat, 'ends');
    await runScript(chat, 'ends', { terminal: { command: 'echo again' } });
    expect(terminals(chat, 'ends').slice(0, 2)).toEqual(before);
    expect(new Set(terminals(chat, 'ends').map((terminal) => terminal.id)).size).toBe(3);
  });

  it('refuses a folder outside the agent’s cwd, and a command that is not one', async () => {
    const { chat } = await chatWith('refuses');
    const text = await runScript(
      chat,
      'refuses',
      { terminal: { command: 'pwd', cwd: '/' } },
      { terminal: { command: 'pwd', cwd: 'relative' } },
      { terminal: { command: '  ' } },
      { terminal: { command: 'no-such-command-here', args: ['x'] } },
    );
    expect(text).toContain(
      `terminal error -32602: Invalid params: / is outside the agent's working folder`,
    );
    expect(text).toContain(
      'terminal error -32602: Invalid params: relative is not an absolute path',
    );
    expect(text).toContain(
      'terminal error -32602: Invalid params: terminal/create needs a command',
    );
    expect(text).toMatch(/terminal: -2 null false "spawn no-such-command-here ENOENT\\n"$/);
  });

  it('says in the user’s language that a terminal to kill is not there', async () => {
    const host = await start(configText({ a: ['--session'] }, 'language: fr\n'));
    const chat = new ChatClient(await host.connect());
    await runScript(chat, 'a', { text: 'prêt' });
    const kill = await chat.wire.call('ChatService.KillTerminal', ['a', 'term-9']);
    expect(kill.error).toMatchObject({
      message: 'aucun terminal term-9 de cet agent n’est ouvert',
      data: { kind: 'not-found' },
    });
    const unknown = await chat.wire.call('ChatService.KillTerminal', ['zz', 'term-1']);
    expect(unknown.error).toMatchObject({ data: { kind: 'unknown-agent' } });
  });
});
