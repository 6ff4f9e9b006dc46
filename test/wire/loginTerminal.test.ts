import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { LoginTerminalView } from '../../schema/conversation.ts';
import { ChatClient, textOf } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type RpcResponse } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** What a login terminal shows, once it shows `text` (a program starts in a second or so). */
const shows = (chat: ChatClient, text: string) =>
  expect
    .poll(() => chat.folded('a').auth?.terminal?.output ?? '', { timeout: 10_000 })
    .toContain(text);

/** A fake agent that wants a login and offers its own, run in a terminal (`--auth-terminal`). */
async function terminalLoginAgent(extra: string[] = [], preamble = '') {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-login-'));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  const loginFile = join(folder, 'logged-in');
  const flags = ['--auth=session', '--auth-terminal', `--login-file=${loginFile}`, ...extra];
  const host = await start(configText({ a: flags }, preamble));
  const chat = new ChatClient(await host.connect());
  return { host, chat, loginFile };
}

/** Starts the terminal login (its call resolves once the login ended) and waits for its prompt. */
async function openLogin(chat: ChatClient) {
  await expect.poll(() => chat.folded('a').auth?.methods.length, { timeout: 10_000 }).toBe(3);
  const before = chat.folded('a').auth?.terminal?.id;
  const login = chat.wire.call('ChatService.Authenticate', ['a', 'terminal']);
  const shown = () => chat.folded('a').auth?.terminal;
  await expect
    .poll(() => (shown()?.id === before ? '' : shown()?.output), { timeout: 10_000 })
    .toContain('Code:');
  const terminal = shown()!;
  const pid = Number(/pid (\d+)/.exec(terminal.output)?.[1]);
  return { login, terminal, pid };
}

const type = (chat: ChatClient, terminal: LoginTerminalView, keys: string) =>
  chat.wire.call('ChatService.WriteTerminal', ['a', terminal.id, keys]);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a login run in a terminal of the app (ACP terminal authentication)', () => {
  it('runs the agent’s own login, typed into from the app, then restarts the agent and answers', async () => {
    const { chat, loginFile } = await terminalLoginAgent(['--report-pid']);
    const sent = await chat.send('a', 'hello');
    await expect
      .poll(() => chat.folded('a').auth?.methods.map(({ id, type }) => `${id}:${type}`))
      .toEqual(['token:agent', 'key:env_var', 'terminal:terminal']);

    const agentPid = async () => {
      const logs = (await chat.wire.call('AgentService.Logs', ['a'])).result as string[];
      return logs.findLast((line) => line.startsWith('agent pid'));
    };
    const before = await agentPid();
    expect(before).toMatch(/^agent pid \d+/);

    const { login, terminal } = await openLogin(chat);
    expect(terminal).toMatchObject({ methodId: 'terminal', exitCode: null, signal: null });
    expect(terminal.id).toMatch(/^login-/);
    // The agent's own command line, with the method's argument after the agent's.
    expect(terminal.command).toMatch(/--login-file=\S+ --report-pid --terminal-login$/);
    // A real terminal, the method's variable, and never Switchboard's token.
    expect(terminal.output).toContain('Welcome to the fake login');
    expect(terminal.output).toContain('size 80x24');
    expect(terminal.output).toContain('token: unset');
    expect(terminal.output).toContain('\x1b[1;32mCode:\x1b[0m');

    const resized = await chat.wire.call('ChatService.ResizeTerminal', ['a', terminal.id, 100, 30]);
    expect(resized.error).toBeUndefined();
    await shows(chat, 'size 100x30');

    for (const key of 'let me in') expect((await type(chat, terminal, key)).error).toBeUndefined();
    await shows(chat, 'let me in');
    expect((await type(chat, terminal, '\r')).error).toBeUndefined();

    expect((await login).error).toBeUndefined();
    expect(existsSync(loginFile)).toBe(true);
    expect(textOf(await chat.answer('a', sent))).toBe('Hello, world');
    const settled = await chat.settled('a');
    expect(settled.auth).toBeNull();
    // Restarted after the login, as ACP asks: another process answered.
    const after = await agentPid();
    expect(after).toMatch(/^agent pid \d+/);
    expect(after).not.toBe(before);
  });

  it('refuses a login that fails with how it ended, shows its terminal, and takes another try', async () => {
    const { chat } = await terminalLoginAgent([], 'language: fr\n');
    const sent = await chat.send('a', 'bonjour');
    const first = await openLogin(chat);
    await type(chat, first.terminal, 'wrong\r');
    expect((await first.login).error).toMatchObject({
      code: -32000,
      message:
        'la connexion dans le terminal n’a pas abouti (code de sortie 1) : réessayez, ou d’une autre façon',
      data: { kind: 'io' },
    });
    const failed = await chat.conversation('a');
    expect(failed).toMatchObject({ busy: true, auth: { terminal: { exitCode: 1 } } });
    expect(failed.auth!.terminal!.output).toContain('Wrong code.');
    // An ended terminal takes no more keys.
    expect((await type(chat, first.terminal, 'x')).error).toMatchObject({
      message: `aucun terminal de connexion ${first.terminal.id} de cet agent n’est en cours`,
      data: { kind: 'not-found' },
    });

    const second = await openLogin(chat);
    expect(second.terminal.id).not.toBe(first.terminal.id);
    expect(second.terminal.output).not.toContain('Wrong code.');
    await type(chat, second.terminal, 'let me in\r');
    expect((await second.login).error).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe('Hello, world');
  });

  it('kills a login that ignores SIGTERM, whole; a cancel kills it at once', async () => {
    const { chat } = await terminalLoginAgent();
    await chat.send('a', 'hello');
    const first = await openLogin(chat);
    expect((await type(chat, first.terminal, 'stubborn\r')).error).toBeUndefined();
    await shows(chat, 'Waiting.');
    const killed = await chat.wire.call('ChatService.KillTerminal', ['a', first.terminal.id]);
    expect(killed.error).toBeUndefined();
    expect((await first.login).error).toMatchObject({ data: { kind: 'io' } });
    expect(chat.folded('a').auth?.terminal).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
    expect(alive(first.pid)).toBe(false);

    const second = await openLogin(chat);
    await type(chat, second.terminal, 'stubborn\r');
    await shows(chat, 'Waiting.');
    await chat.wire.call('ChatService.Cancel', ['a']);
    expect((await chat.settled('a')).auth).toBeNull();
    await expect.poll(() => alive(second.pid), { timeout: 1000 }).toBe(false);
    // Killed by the cancel: the login ends as the kill above ended it.
    expect((await second.login).error).toMatchObject({ data: { kind: 'io' } });
  });

  it('joins the login that runs when asked again, and takes keys for it only', async () => {
    const { chat } = await terminalLoginAgent();
    await chat.send('a', 'hello');
    const { login, terminal } = await openLogin(chat);
    const again = chat.wire.call('ChatService.Authenticate', ['a', 'terminal']);
    await type(chat, terminal, 'let me in\r');
    const results: RpcResponse[] = await Promise.all([login, again]);
    expect(results.map(({ error }) => error)).toEqual([undefined, undefined]);
    await expect.poll(() => chat.folded('a').auth).toBeNull();

    const call = async (method: string, ...params: unknown[]) =>
      (await chat.wire.call(method, params)).error;
    // No login terminal runs now: the one that ended, an unknown one, and another agent's.
    for (const id of [terminal.id, 'login-nope', 'term-1']) {
      expect(await call('ChatService.WriteTerminal', 'a', id, 'x')).toMatchObject({
        data: { kind: 'not-found' },
      });
      expect(await call('ChatService.ResizeTerminal', 'a', id, 80, 24)).toMatchObject({
        data: { kind: 'not-found' },
      });
    }
    // What the schema refuses: no keys, too many at once, sizes out of bounds or not whole.
    const badParams = { code: -32602 };
    expect(await call('ChatService.WriteTerminal', 'a', terminal.id, '')).toMatchObject(badParams);
    const flood = 'x'.repeat(64 * 1024 + 1);
    expect(await call('ChatService.WriteTerminal', 'a', terminal.id, flood)).toMatchObject(
      badParams,
    );
    for (const [cols, rows] of [
      [1, 24],
      [80, 0],
      [1001, 24],
      [80, 501],
      [80.5, 24],
      ['80', 24],
    ]) {
      expect(await call('ChatService.ResizeTerminal', 'a', terminal.id, cols, rows)).toMatchObject(
        badParams,
      );
    }
    expect(await call('ChatService.WriteTerminal', 'nobody', terminal.id, 'x')).toMatchObject({
      data: { kind: 'unknown-agent' },
    });
  });
});
