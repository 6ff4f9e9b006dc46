/**
 * No process an agent or its terminals started outlives the agent's stop, a terminal's Kill or
 * the host's quit (docs/decisions.md, "Agent lifecycle"): background jobs whose shell is gone,
 * children that left the group with setsid, children that scrubbed their environment too. Real
 * host, real processes, found in /proc by their `sleep` arguments.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalView } from '../../schema/conversation.ts';
import { ChatClient, runScript, script, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type RpcResponse } from '../helpers/hostProcess.ts';
import { killProcessesWith, markedSleep, processesWith } from '../helpers/markedProcesses.ts';

const start = hostPerTest();
// Whatever a failing test left behind goes with it.
afterEach(() => killProcessesWith(markedSleep(0).slice(0, -1)));

/** The processes of `sleep markedSleep(n)` for each `n`, by `n`. */
const left = (...marks: number[]) =>
  Object.fromEntries(marks.map((n) => [n, processesWith(markedSleep(n)).length]));
const none = (...marks: number[]) => Object.fromEntries(marks.map((n) => [n, 0]));
const one = (...marks: number[]) => Object.fromEntries(marks.map((n) => [n, 1]));

/** A shell line that leaves `sleep markedSleep(n)` running in the background, detached from its output. */
const background = (n: number, how: 'nohup' | 'setsid') =>
  `${how} sleep ${markedSleep(n)} >/dev/null 2>&1 </dev/null &`;

async function chatWith(): Promise<{ chat: ChatClient; stop: () => Promise<RpcResponse> }> {
  const { chat } = await withChat(await start(configText({ a: ['--session'] }, 'language: en\n')));
  return { chat, stop: () => chat.wire.call('AgentService.Stop', ['a']) };
}

const terminals = (chat: ChatClient): TerminalView[] =>
  chat
    .folded('a')
    .messages.flatMap((message) => message.parts)
    .flatMap((part) => (part.kind === 'tool' ? (part.tool.terminals ?? []) : []));

describe('what an agent started', () => {
  it('goes with its stop: background jobs whose shell has exited, setsid children', async () => {
    const { chat, stop } = await chatWith();
    const command = `${background(1, 'nohup')} ${background(2, 'setsid')} echo started`;
    expect(await runScript(chat, 'a', { terminal: { command } })).toBe(
      'terminal: 0 null false "started\\n"',
    );
    // The shell is gone and its terminal released: what it left still runs, until the stop.
    expect(left(1, 2)).toEqual(one(1, 2));
    expect((await stop()).error).toBeUndefined();
    await expect.poll(() => left(1, 2)).toEqual(none(1, 2));
  });

  it('goes with its stop: the agent’s own children in sessions of their own', async () => {
    const { chat, stop } = await chatWith();
    await runScript(
      chat,
      'a',
      // Its shell is gone at once: only the variable it inherited says whose it is.
      { spawn: { command: background(3, 'nohup') } },
      // Its environment scrubbed: only its parent says whose it is.
      { spawn: { command: `exec sleep ${markedSleep(4)}`, env: { PATH: process.env.PATH! } } },
    );
    await expect.poll(() => left(3, 4)).toEqual(one(3, 4));
    expect((await stop()).error).toBeUndefined();
    await expect.poll(() => left(3, 4)).toEqual(none(3, 4));
  });

  it('goes with the Kill of the terminal that started it, the agent still running', async () => {
    const { chat } = await chatWith();
    const command = `${background(5, 'setsid')} ${background(6, 'nohup')} sleep ${markedSleep(7)}`;
    const sent = await chat.send('a', script({ terminal: { command } }));
    await expect.poll(() => left(5, 6, 7)).toEqual(one(5, 6, 7));
    await expect.poll(() => terminals(chat).length).toBe(1);
    const [terminal] = terminals(chat);
    const kill = await chat.wire.call('ChatService.KillTerminal', ['a', terminal!.id]);
    expect(kill.error).toBeUndefined();
    await chat.answer('a', sent);
    await expect.poll(() => left(5, 6, 7)).toEqual(none(5, 6, 7));
    expect(await runScript(chat, 'a', { text: 'still here' })).toBe('still here');
  });
});

describe('a graceful quit of the host', () => {
  it('ends running terminal commands and what they left, and exits 0', async () => {
    const host = await start(configText({ a: ['--session'] }, 'language: en\n'));
    const chat = new ChatClient(await host.connect());
    await runScript(chat, 'a', { terminal: { command: `${background(8, 'nohup')} echo` } });
    await chat.send('a', script({ terminal: { command: `sleep ${markedSleep(9)}` } }));
    await expect.poll(() => left(8, 9)).toEqual(one(8, 9));
    expect(await host.stop('SIGTERM')).toBe(0);
    await expect.poll(() => left(8, 9)).toEqual(none(8, 9));
  });
});
