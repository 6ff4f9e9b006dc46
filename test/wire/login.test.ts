import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AgentSummary } from '../../schema/agents.ts';
import { ChatClient, textOf } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** The fake agent's ways to log in (`--auth`), as the app is shown them. */
const methods = (keySet: boolean) => [
  { id: 'token', name: 'Sign in', description: 'Signs the fake agent in.', type: 'agent', env: [] },
  {
    id: 'key',
    name: 'Use FAKE_AGENT_KEY',
    description: 'Requires setting the `FAKE_AGENT_KEY` environment variable.',
    type: 'env_var',
    env: [{ name: 'FAKE_AGENT_KEY', set: keySet }],
  },
];

const stateOf = async (chat: ChatClient, agent: string) =>
  ((await chat.wire.call('AgentService.List')).result as AgentSummary[]).find(
    ({ name }) => name === agent,
  )?.state;

describe('an agent that asks for a login (CONTRACT.md §7, `auth`)', () => {
  it('holds the turn refused at `session/new` until the user logs in, then answers it', async () => {
    const host = await start(configText({ a: ['--auth=session'] }));
    const chat = new ChatClient(await host.connect());
    const sent = await chat.send('a', 'hello');

    await expect
      .poll(() => chat.folded('a').auth)
      .toEqual({ methods: methods(false), terminal: null });
    const waiting = await chat.conversation('a');
    expect(waiting).toMatchObject({
      busy: true,
      auth: { methods: methods(false), terminal: null },
    });
    // The agent is let go while the user logs in: ready, not busy.
    expect(await stateOf(chat, 'a')).toBe('ready');
    expect(waiting.messages.filter((message) => message.role !== 'user')).toEqual([]);

    expect(
      (await chat.wire.call('ChatService.Authenticate', ['a', 'token'])).error,
    ).toBeUndefined();
    const answer = await chat.answer('a', sent);
    expect(answer).toMatchObject({ stopReason: 'end_turn' });
    expect(textOf(answer)).toBe('Hello, world');
    expect(await chat.settled('a')).toMatchObject({ auth: null, busy: false });
  });

  it('sends a prompt refused for a login again after it, in the answer it began', async () => {
    const host = await start(configText({ a: ['--auth=prompt'] }));
    const chat = new ChatClient(await host.connect());
    const sent = await chat.send('a', 'hello');
    await expect.poll(() => chat.folded('a').auth?.methods.length).toBe(2);
    expect(
      (await chat.wire.call('ChatService.Authenticate', ['a', 'token'])).error,
    ).toBeUndefined();

    const answer = await chat.answer('a', sent);
    expect(textOf(answer)).toBe('Hello, world');
    const settled = await chat.settled('a');
    expect(settled.messages.map(({ role }) => role)).toEqual(['user', 'agent']);
  });

  it('sets a variable the method reads in the agent’s env, comments kept, and restarts it', async () => {
    const config = `# My agents\n${configText({ a: ['--auth=session'] })}`;
    const host = await start(config);
    const chat = new ChatClient(await host.connect());
    const sent = await chat.send('a', 'hello');
    await expect
      .poll(() => chat.folded('a').auth)
      .toEqual({ methods: methods(false), terminal: null });

    // Without the variable the agent refuses: its reason, and the turn still waits.
    expect((await chat.wire.call('ChatService.Authenticate', ['a', 'key'])).error).toMatchObject({
      code: -32000,
      message: 'Authentication required: FAKE_AGENT_KEY is not set',
      data: { kind: 'io' },
    });
    expect(await chat.conversation('a')).toMatchObject({
      busy: true,
      auth: { methods: methods(false), terminal: null },
    });

    const env = { FAKE_AGENT_KEY: 's3cret' };
    expect(
      (await chat.wire.call('ChatService.Authenticate', ['a', 'key', env])).error,
    ).toBeUndefined();
    expect(textOf(await chat.answer('a', sent))).toBe('Hello, world');
    const written = await readFile(host.configPath, 'utf8');
    expect(written.startsWith('# My agents\n')).toBe(true);
    expect(written).toContain('FAKE_AGENT_KEY: s3cret');
    // The agent runs with it now: a later start has it, and nothing is outdated.
    const agents = (await chat.wire.call('AgentService.List')).result as AgentSummary[];
    expect(agents[0]).toMatchObject({ state: 'ready', outdated: false });
    const echoed = await chat.answer(
      'a',
      await chat.send('a', JSON.stringify([{ echoEnv: true }])),
    );
    expect(JSON.parse(textOf(echoed))).toMatchObject(env);
  });

  it('continues the session a login interrupted, rather than making a new one', async () => {
    const sessions = await mkdtemp(join(tmpdir(), 'switchboard-sessions-'));
    onTestFinished(() => rm(sessions, { recursive: true, force: true }));
    const flags = ['--auth=session', '--resume', `--sessions-dir=${sessions}`];
    const host = await start(configText({ a: flags }));
    const chat = new ChatClient(await host.connect());
    const first = await chat.send('a', 'hello');
    await expect.poll(() => chat.folded('a').auth?.methods.length).toBe(2);
    await chat.wire.call('ChatService.Authenticate', ['a', 'token']);
    await chat.answer('a', first);
    await chat.wire.call('AgentService.Stop', ['a']);

    // A new run has forgotten the login: the resume is refused, and waits for it.
    const second = await chat.send('a', 'again');
    await expect.poll(() => chat.folded('a').auth?.methods.length).toBe(2);
    await chat.wire.call('ChatService.Authenticate', ['a', 'token']);
    expect(textOf(await chat.answer('a', second))).toBe('Hello, world');
    const calls = (await readFile(join(sessions, 'calls.log'), 'utf8')).trim().split('\n');
    // Neither falls back to a new session, which would lose the conversation.
    expect(calls.map((call) => call.replace(/ [\w-]{36}$/, ''))).toEqual([
      'refused new',
      'new',
      'refused resume',
      'resume',
    ]);
    const { messages } = await chat.settled('a');
    expect(messages.filter((message) => message.role === 'system')).toEqual([]);
  });

  it('drops a turn cancelled while it waits for a login, and asks no more', async () => {
    const host = await start(configText({ a: ['--auth=session'] }));
    const chat = new ChatClient(await host.connect());
    const sent = await chat.send('a', 'hello');
    await expect.poll(() => chat.folded('a').auth?.methods.length).toBe(2);
    await chat.wire.call('ChatService.Cancel', ['a']);
    const settled = await chat.settled('a');
    expect(settled.auth).toBeNull();
    expect(settled.messages).toEqual([expect.objectContaining({ id: sent, error: 'cancelled' })]);
    expect((await chat.wire.call('ChatService.Authenticate', ['a', 'token'])).error).toMatchObject({
      data: { kind: 'not-found' },
    });
  });

  it('refuses what was not offered, in the user’s language, and keeps the file as it was', async () => {
    const config = configText({ a: ['--auth=session'] }, 'language: fr\n');
    const host = await start(config);
    const chat = new ChatClient(await host.connect());
    const authenticate = async (...params: unknown[]) =>
      (await chat.wire.call('ChatService.Authenticate', params)).error;

    expect(await authenticate('a', 'token')).toMatchObject({
      code: -32000,
      message: 'a ne vous demande pas de vous connecter',
      data: { kind: 'not-found' },
    });
    await chat.send('a', 'bonjour');
    await expect.poll(() => chat.folded('a').auth?.methods.length).toBe(2);
    expect(await authenticate('a', 'oauth')).toMatchObject({
      message: 'a ne propose pas de façon de se connecter « oauth »',
      data: { kind: 'not-found' },
    });
    // Only the variables the method reads: not the host's own, not another program's.
    for (const name of ['SWITCHBOARD_TOKEN', 'LD_PRELOAD', 'PATH']) {
      expect(await authenticate('a', 'key', { [name]: 'x' })).toMatchObject({
        code: -32602,
        message: `« Use FAKE_AGENT_KEY » ne lit pas la variable ${name}`,
      });
      expect(await authenticate('a', 'token', { [name]: 'x' })).toMatchObject({ code: -32602 });
    }
    // Names and values the schema refuses: not a variable name, empty, or too many.
    for (const env of [{ 'A=B': 'x' }, { FAKE_AGENT_KEY: '' }, { 'bad name': 'x' }, 'x', ['x']]) {
      expect(await authenticate('a', 'key', env)).toMatchObject({ code: -32602 });
    }
    expect(await authenticate('nobody', 'token')).toMatchObject({
      data: { kind: 'unknown-agent' },
    });
    expect(await readFile(host.configPath, 'utf8')).toBe(config);
    expect(await chat.conversation('a')).toMatchObject({ busy: true });
  });
});
