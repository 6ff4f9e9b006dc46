import { describe, expect, it } from 'vitest';
import { fakeAgent, isAlive } from '../../helpers/agents.ts';
import { script } from '../../helpers/chat.ts';
import { harnessPerTest } from '../../helpers/supervisorHarness.ts';

const open = harnessPerTest();

describe('ChatService with real workers', () => {
  it('keeps the conversation when the worker dies mid-turn, ends its turn, and goes on in a new worker', async () => {
    const { chat, supervisor, workers, reaches } = open([fakeAgent('a', ['--session'])]);
    const options = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }];
    await chat.Send(
      'a',
      script({ text: 'before' }, { permission: { toolCall: { toolCallId: 't' }, options } }),
    );
    await expect.poll(() => chat.Conversation('a').permissions).toHaveLength(1);
    await workers.get('a')![0]!.thread.terminate();
    await reaches('a', 'error');
    const after = chat.Conversation('a');
    expect(after).toMatchObject({ busy: false, queued: 0, permissions: [] });
    expect(after.messages[1]).toMatchObject({
      role: 'agent',
      done: true,
      error: expect.stringMatching(/^the agent’s worker thread stopped/) as string,
    });
    // What arrived is kept: the text, and the tool call the permission was about.
    expect(after.messages[1]?.parts.map((part) => part.kind)).toEqual(['text', 'tool']);

    // The next message starts the agent in a new worker that remembers the conversation.
    await chat.Send('a', 'again');
    await expect.poll(() => chat.Conversation('a').messages.at(-1)?.stopReason).toBe('end_turn');
    expect(workers.get('a')).toHaveLength(2);
    const messages = chat.Conversation('a').messages;
    expect(messages.map((message) => message.code ?? message.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent-restarted',
      'agent',
    ]);
    expect(messages.at(-1)?.parts).toEqual([{ kind: 'text', text: 'Hello, world' }]);
    // The turn's end and the agent's release are two events: the second may come a moment later.
    await expect.poll(() => supervisor.list()[0]?.state).toBe('ready');
  });

  it('kills the commands of its terminals with the agent when the worker dies', async () => {
    const { chat, workers, reaches } = open([fakeAgent('a', ['--session'])]);
    await chat.Send('a', script({ terminal: { command: "trap '' TERM; echo $$; sleep 60" } }));
    const pid = () => {
      const tool = chat.Conversation('a').messages[1]?.parts[0];
      const output = tool?.kind === 'tool' ? tool.tool.terminals?.[0]?.output : undefined;
      return output?.match(/^(\d+)\n$/)?.[1];
    };
    await expect.poll(pid).toMatch(/^\d+$/);
    // A zombie once killed: its worker, which would reap it, is gone.
    const alive = () => isAlive(Number(pid()));
    expect(alive()).toBe(true);
    await workers.get('a')![0]!.thread.terminate();
    await reaches('a', 'error');
    await expect.poll(alive).toBe(false);
  });

  it('kills a login terminal that ignores SIGTERM and SIGHUP when the worker dies', async () => {
    const { chat, workers, reaches } = open([
      fakeAgent('a', ['--auth=session', '--auth-terminal']),
    ]);
    await chat.Send('a', 'hello');
    await expect.poll(() => chat.Conversation('a').auth?.methods.length).toBe(3);
    const login = chat.Authenticate('a', 'terminal').catch((error: unknown) => error);
    const shown = () => chat.Conversation('a').auth?.terminal;
    await expect.poll(() => shown()?.output ?? '', { timeout: 10_000 }).toContain('Code:');
    const pid = Number(/pid (\d+)/.exec(shown()!.output)?.[1]);
    chat.WriteTerminal('a', shown()!.id, 'stubborn\r');
    await expect.poll(() => shown()?.output).toContain('Waiting.');
    expect(isAlive(pid)).toBe(true);

    await workers.get('a')![0]!.thread.terminate();
    await reaches('a', 'error');
    await expect.poll(() => isAlive(pid)).toBe(false);
    expect(await login).toMatchObject({ kind: 'io' });
    expect(chat.Conversation('a').auth).toBeNull();
  });

  it('ends the turn and its permission when the agent is stopped mid-permission', async () => {
    const { chat, supervisor, events } = open([fakeAgent('a', ['--session'])]);
    const options = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }];
    await chat.Send('a', script({ permission: { toolCall: { toolCallId: 't' }, options } }));
    await expect.poll(() => chat.Conversation('a').permissions).toHaveLength(1);
    const [request] = chat.Conversation('a').permissions;
    await supervisor.stop('a');
    await expect.poll(() => chat.Conversation('a').busy).toBe(false);
    expect(chat.Conversation('a').messages[1]).toMatchObject({
      done: true,
      error: 'the agent was stopped before it finished answering',
    });
    expect(events).toContainEqual({
      name: 'permission:resolved',
      data: { id: request!.id, agent: 'a' },
    });
    await expect(chat.AnswerPermission(request!.id, 'ok')).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('ends a turn stopped while its session opens with why, not with the closed connection', async () => {
    const { chat, supervisor } = open([fakeAgent('a', ['--session-new=delay:60000'])]);
    await chat.Send('a', 'hello');
    await expect.poll(() => supervisor.list()[0]?.state).toBe('busy');
    await supervisor.stop('a');
    await expect.poll(() => chat.Conversation('a').busy).toBe(false);
    expect(chat.Conversation('a').messages[1]).toMatchObject({
      done: true,
      error: 'the agent was stopped before it finished answering',
    });
  });

  it('words what the worker says in the configuration’s language', async () => {
    const { chat, supervisor } = open([fakeAgent('a', ['--session'])], {}, 'fr');
    await chat.Send('a', script({ sleep: 5000 }));
    await expect.poll(() => supervisor.list()[0]?.state).toBe('busy');
    await supervisor.stop('a');
    await expect
      .poll(() => chat.Conversation('a').messages[1]?.error)
      .toBe('l’agent a été arrêté avant d’avoir fini de répondre');
    await expect(chat.Send('a', ' ')).rejects.toMatchObject({
      kind: 'empty-text',
      message: 'le message est vide',
    });
  });

  it('forgets every conversation when another configuration opens', async () => {
    const { chat, supervisor, conversations } = open([fakeAgent('a', ['--session'])]);
    await chat.Send('a', 'hello');
    await expect.poll(() => chat.Conversation('a').messages).toHaveLength(2);
    await supervisor.stopAll();
    supervisor.forgetConversations();
    expect(chat.Conversation('a').messages).toEqual([]);
    expect(conversations.seed('a').conversation.messages).toEqual([]);
    await chat.Send('a', 'a new start');
    await expect.poll(() => chat.Conversation('a').messages.at(-1)?.role).toBe('agent');
    expect(chat.Conversation('a').messages.map((message) => message.role)).toEqual([
      'user',
      'agent',
    ]);
  });
});
