import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '../../schema/conversation.ts';
import { ChatClient, runScript, script, textOf, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const sessionDirs: string[] = [];
afterEach(async () => {
  for (const dir of sessionDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Where the fake agent keeps its sessions across its runs, and what it was asked. */
async function sessionsDir() {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-sessions-'));
  sessionDirs.push(dir);
  return {
    dir,
    calls: async () =>
      (await readFile(join(dir, 'calls.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
  };
}

async function hostWith(flags: string[], place: { folder?: string } = {}) {
  return withChat(await start(configText({ a: flags }), [], {}, place));
}

const visible = (conversation: Conversation) =>
  conversation.messages.map((message: ChatMessage) => ({
    role: message.role,
    text: message.role === 'system' ? message.code : textOf(message),
  }));

const history = (answer: string) => JSON.parse(answer.replace(/^history: /, '')) as string[];

async function stopAgent(host: HostProcess, chat: ChatClient) {
  await host.rpc('AgentService.Stop', ['a']);
  await expect
    .poll(() =>
      chat.wire.events.some(
        (event) =>
          event.name === 'agent:state' && (event.data as { state: string }).state === 'stopped',
      ),
    )
    .toBe(true);
}

describe('a conversation continued after its agent stopped', () => {
  it('is resumed with session/resume when the agent advertises it', async () => {
    const sessions = await sessionsDir();
    const { host, chat } = await hostWith(['--resume', `--sessions-dir=${sessions.dir}`]);
    expect(await runScript(chat, 'a', { text: 'one' })).toBe('one');
    await stopAgent(host, chat);

    expect(history(await runScript(chat, 'a', { echoHistory: true }))).toEqual([
      script({ text: 'one' }),
    ]);
    const [made, resumed] = await sessions.calls();
    expect(made).toMatch(/^new /);
    expect(resumed).toBe(made!.replace('new', 'resume'));
    const conversation = await chat.settled('a');
    expect(conversation.messages.some((message) => message.code === 'agent-restarted')).toBe(false);
  });

  it('is loaded with session/load otherwise, its replay not added a second time', async () => {
    const sessions = await sessionsDir();
    const { chat } = await hostWith(['--load', `--sessions-dir=${sessions.dir}`]);
    await runScript(chat, 'a', { text: 'one' });
    // The agent's process exits mid-turn: a crash.
    const crashed = await chat.answer(
      'a',
      await chat.send('a', script({ text: 'two' }, { exit: 3 })),
    );
    expect(crashed.error).toMatch(/exit/);
    expect(history(await runScript(chat, 'a', { echoHistory: true }))).toEqual([
      script({ text: 'one' }),
      script({ text: 'two' }, { exit: 3 }),
    ]);
    expect((await sessions.calls()).map((line) => line.split(' ')[0])).toEqual(['new', 'load']);
    expect(visible(await chat.settled('a'))).toEqual([
      { role: 'user', text: script({ text: 'one' }) },
      { role: 'agent', text: 'one' },
      { role: 'user', text: script({ text: 'two' }, { exit: 3 }) },
      { role: 'agent', text: 'two' },
      { role: 'user', text: script({ echoHistory: true }) },
      {
        role: 'agent',
        text: `history: ${JSON.stringify([script({ text: 'one' }), script({ text: 'two' }, { exit: 3 })])}`,
      },
    ]);
  });

  it('is loaded from an agent that replays after its answer (Gemini CLI), replay still not added', async () => {
    const sessions = await sessionsDir();
    const flags = ['--load', '--load-replay=after', '--agent-name=gemini-cli'];
    const { host, chat } = await hostWith([...flags, `--sessions-dir=${sessions.dir}`]);
    await runScript(chat, 'a', { text: 'one' });
    await stopAgent(host, chat);
    // The turn is still answering when the replay comes: only the quirk keeps it out.
    const slow = [{ sleep: 200 }, { text: 'two' }];
    expect(await runScript(chat, 'a', ...slow)).toBe('two');
    expect(visible(await chat.settled('a')).map((message) => message.text)).toEqual([
      script({ text: 'one' }),
      'one',
      script(...slow),
      'two',
    ]);
  });

  it('is made anew, with agent-restarted, when the agent can neither resume nor load', async () => {
    const { host, chat } = await hostWith(['--session']);
    await runScript(chat, 'a', { text: 'one' });
    await stopAgent(host, chat);
    await runScript(chat, 'a', { text: 'two' });
    expect(visible(await chat.settled('a'))).toEqual([
      { role: 'user', text: script({ text: 'one' }) },
      { role: 'agent', text: 'one' },
      { role: 'user', text: script({ text: 'two' }) },
      { role: 'system', text: 'agent-restarted' },
      { role: 'agent', text: 'two' },
    ]);
  });

  it('falls back to a new session when the agent no longer knows it', async () => {
    const sessions = await sessionsDir();
    const { host, chat } = await hostWith(['--resume', `--sessions-dir=${sessions.dir}`]);
    await runScript(chat, 'a', { text: 'one' });
    await stopAgent(host, chat);
    for (const file of await import('node:fs/promises').then((fs) => fs.readdir(sessions.dir))) {
      if (file !== 'calls.log') await rm(join(sessions.dir, file));
    }
    expect(await runScript(chat, 'a', { echoHistory: true })).toBe('history: []');
    expect((await sessions.calls()).map((line) => line.split(' ')[0])).toEqual([
      'new',
      'resume',
      'new',
    ]);
    const conversation = await chat.settled('a');
    expect(
      conversation.messages.filter((message) => message.code === 'agent-restarted'),
    ).toHaveLength(1);
  });
});

describe('a conversation across host restarts', () => {
  it('is there when the host starts again, and the agent resumes it', async () => {
    const sessions = await sessionsDir();
    const flags = ['--resume', `--sessions-dir=${sessions.dir}`];
    const first = await hostWith(flags);
    await runScript(first.chat, 'a', { text: 'before the restart' });
    const before = await first.chat.settled('a');
    expect(await first.host.stop()).toBe(0);

    const second = await hostWith(flags, { folder: first.host.folder });
    expect(await second.chat.conversation('a')).toEqual(before);
    expect(history(await runScript(second.chat, 'a', { echoHistory: true }))).toEqual([
      script({ text: 'before the restart' }),
    ]);
    expect((await sessions.calls()).map((line) => line.split(' ')[0])).toEqual(['new', 'resume']);
  });
});

describe('history, search and export over the wire', () => {
  it('starts a new conversation, lists both, reopens the first, searches and exports them', async () => {
    const { host, chat } = await hostWith(['--session']);
    await runScript(chat, 'a', { text: 'The quokka lives on Rottnest Island.' });
    const first = await chat.settled('a');
    expect(first.title).toBe(script({ text: 'The quokka lives on Rottnest Island.' }));

    const created = await chat.wire.call('ChatService.New', ['a']);
    const second = created.result as string;
    expect(second).not.toBe(first.id);
    await expect
      .poll(() => chat.wire.events.find((event) => event.name === 'conversation:opened')?.data)
      .toEqual({ agent: 'a', id: second });
    expect(await chat.conversation('a')).toMatchObject({ id: second, messages: [], title: '' });
    await runScript(chat, 'a', { text: 'Numbats eat termites.' });

    const listed = (await chat.wire.call('ChatService.History', ['a'])).result as {
      id: string;
      messages: number;
      current: boolean;
    }[];
    expect(listed.map(({ id, messages, current }) => ({ id, messages, current }))).toEqual([
      { id: second, messages: 2, current: true },
      { id: first.id, messages: 2, current: false },
    ]);

    const hits = (await chat.wire.call('ChatService.Search', ['QUOK'])).result as {
      agent: string;
      conversation: string;
      messageId: string;
      snippet: string;
    }[];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ agent: 'a', conversation: first.id });
    expect(hits[0]!.snippet).toMatch(/quokka/i);
    expect(first.messages.map((message) => message.id)).toContain(hits[0]!.messageId);
    for (const query of ['"', 'AND OR NOT', '*', 'a"b(c', '']) {
      const answer = await chat.wire.call('ChatService.Search', [query]);
      expect(answer.error).toBeUndefined();
    }

    expect((await chat.wire.call('ChatService.Open', ['a', first.id])).error).toBeUndefined();
    expect(await chat.conversation('a')).toEqual(first);
    const markdown = (await chat.wire.call('ChatService.Export', ['a', second])).result as string;
    expect(markdown).toContain('Numbats eat termites.');

    const unknown = await chat.wire.call('ChatService.Open', ['a', 'no-such-id']);
    expect(unknown.error?.data).toMatchObject({ kind: 'not-found' });
    const elsewhere = await chat.wire.call('ChatService.Export', ['nobody', first.id]);
    expect(elsewhere.error?.data).toMatchObject({ kind: 'unknown-agent' });
    await host.stop();
  });

  it('New cancels the turn in flight and keeps what it said in the history', async () => {
    const { chat } = await hostWith(['--session']);
    const id = await chat.send('a', script({ text: 'halfway' }, { waitForCancel: true }));
    await expect.poll(() => textOf(chat.answerTo('a', id))).toBe('halfway');
    const before = (await chat.conversation('a')).id;
    await chat.wire.call('ChatService.New', ['a']);
    await runScript(chat, 'a', { text: 'fresh' });
    const opened = await chat.wire.call('ChatService.Open', ['a', before]);
    expect(opened.error).toBeUndefined();
    const old = await chat.conversation('a');
    expect(old.busy).toBe(false);
    expect(old.messages.at(-1)).toMatchObject({ role: 'agent', done: true });
    expect(textOf(old.messages.at(-1))).toBe('halfway');
    expect(old.messages.at(-1)?.error).toMatch(/closed/);
  });
});
