import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { emptyConversation } from '../../machines/conversationFold.ts';
import { ChatClient, script, textOf, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

/** A host whose agent `a` is the fake agent with `flags`, and a chat client on its wire. */
async function chatWith(flags: string[] = ['--session'], extraAgents = '') {
  return withChat(await start(configText({ a: flags }) + extraAgents));
}

const states = (chat: ChatClient) =>
  chat.wire.events
    .filter((event) => event.name === 'agent:state')
    .map((event) => (event.data as { state: string }).state);

describe('ChatService over the wire', () => {
  it('maps every kind of session/update to the message model', async () => {
    const { chat } = await chatWith();
    const id = await chat.send(
      'a',
      script(
        { thought: 'Let me look. ' },
        { thought: 'Found it.' },
        {
          update: {
            sessionUpdate: 'plan',
            entries: [{ content: 'Read the file', priority: 'high', status: 'in_progress' }],
          },
        },
        {
          update: {
            sessionUpdate: 'tool_call',
            toolCallId: 't1',
            title: 'Edit notes.md',
            kind: 'edit',
            status: 'pending',
            rawInput: { path: '/p/notes.md', text: 'b' },
            locations: [{ path: '/p/notes.md', line: 3 }],
            content: [{ type: 'diff', path: '/p/notes.md', oldText: 'a', newText: 'b' }],
          },
        },
        {
          update: {
            sessionUpdate: 'tool_call_update',
            toolCallId: 't1',
            status: 'completed',
            content: [
              { type: 'content', content: { type: 'text', text: 'edited' } },
              { type: 'diff', path: '/p/new.md', newText: 'fresh' },
            ],
          },
        },
        { text: 'Hello, ' },
        { text: '**world**' },
        { update: { sessionUpdate: 'usage_update', used: 1200, size: 200000 } },
        {
          update: {
            sessionUpdate: 'available_commands_update',
            availableCommands: [{ name: 'review', description: 'Review the changes' }],
          },
        },
        { update: { sessionUpdate: 'current_mode_update', currentModeId: 'code' } },
        {
          update: {
            sessionUpdate: 'plan',
            entries: [{ content: 'Read the file', priority: 'high', status: 'completed' }],
          },
        },
      ),
    );
    const answer = await chat.answer('a', id);
    expect(answer).toMatchObject({ role: 'agent', done: true, stopReason: 'end_turn' });
    expect(answer.error).toBeUndefined();
    expect(answer.parts).toEqual([
      { kind: 'thought', text: 'Let me look. Found it.' },
      {
        kind: 'plan',
        entries: [{ content: 'Read the file', priority: 'high', status: 'completed' }],
      },
      {
        kind: 'tool',
        tool: {
          id: 't1',
          title: 'Edit notes.md',
          kind: 'edit',
          status: 'completed',
          input: '{"path":"/p/notes.md","text":"b"}',
          output: 'edited',
          locations: [{ path: '/p/notes.md', line: 3 }],
          diffs: [{ path: '/p/new.md', oldText: '', newText: 'fresh', newFile: true }],
        },
      },
      { kind: 'text', text: 'Hello, **world**' },
    ]);
    const conversation = await chat.settled('a');
    expect(conversation.usage).toEqual({ used: 1200, size: 200000 });
    expect(conversation.commands).toEqual([{ name: 'review', description: 'Review the changes' }]);
    expect(conversation.messages.map((message) => message.role)).toEqual(['user', 'agent']);
    expect(states(chat)).toEqual(['starting', 'ready', 'busy', 'ready']);
    const deltas = chat.wire.events.filter((event) => event.name === 'message:delta');
    expect(deltas.every((event) => 'index' in (event.data as object))).toBe(true);
    expect(deltas.every((event) => 'kind' in (event.data as object))).toBe(true);
  });

  it('asks permissions, counts the refusals of the turn, and passes the answers on', async () => {
    const { chat } = await chatWith();
    const toolCall = { toolCallId: 'run', title: 'Run ls', kind: 'execute', status: 'pending' };
    const options = [
      { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    ];
    const id = await chat.send(
      'a',
      script({ permission: { toolCall, options } }, { permission: { toolCall, options } }),
    );
    const first = await chat.permission('a', 0);
    expect(first).toMatchObject({
      agent: 'a',
      options,
      rejections: 0,
      toolCall: { id: 'run', title: 'Run ls', kind: 'execute', status: 'pending' },
    });
    expect(first.messageId).toBe(chat.answerTo('a', id)?.id);
    expect((await chat.conversation('a')).permissions).toEqual([first]);
    expect((await chat.wire.call('ChatService.AnswerPermission', [first.id, 'no'])).error).toBe(
      undefined,
    );
    const second = await chat.permission('a', 1);
    expect(second.rejections).toBe(1);
    const wrongOption = await chat.wire.call('ChatService.AnswerPermission', [second.id, 'maybe']);
    expect(wrongOption.error).toMatchObject({ code: -32000, data: { kind: 'not-found' } });
    await chat.wire.call('ChatService.AnswerPermission', [second.id, 'yes']);
    const answer = await chat.answer('a', id);
    expect(textOf(answer)).toBe('permission: selected nopermission: selected yes');
    const again = await chat.wire.call('ChatService.AnswerPermission', [second.id, 'yes']);
    expect(again.error).toMatchObject({ code: -32000, data: { kind: 'not-found' } });
    const resolved = chat.wire.events.filter((event) => event.name === 'permission:resolved');
    expect(resolved.map((event) => event.data)).toEqual([
      { id: first.id, agent: 'a' },
      { id: second.id, agent: 'a' },
    ]);
    expect((await chat.settled('a')).permissions).toEqual([]);
  });

  it('cancels mid-stream and drops the queued messages', async () => {
    const { chat } = await chatWith();
    const id = await chat.send('a', script({ text: 'partial' }, { waitForCancel: true }));
    const queued = [await chat.send('a', 'second'), await chat.send('a', 'third')];
    await expect.poll(() => textOf(chat.answerTo('a', id))).toBe('partial');
    expect((await chat.conversation('a')).queued).toBe(2);
    await chat.wire.call('ChatService.Cancel', ['a']);
    const answer = await chat.answer('a', id);
    expect(answer).toMatchObject({ done: true, stopReason: 'cancelled' });
    expect(textOf(answer)).toBe('partial');
    const conversation = await chat.settled('a');
    for (const dropped of queued) {
      expect(conversation.messages.find((message) => message.id === dropped)).toMatchObject({
        role: 'user',
        queued: false,
        error: 'cancelled',
      });
    }
    expect(conversation.messages.filter((message) => message.role === 'agent')).toHaveLength(1);
    expect(conversation).toMatchObject({ busy: false, queued: 0 });
  });

  it('cancels mid-permission: the request is answered cancelled', async () => {
    const { chat } = await chatWith();
    const toolCall = { toolCallId: 'w', title: 'Write', kind: 'edit' };
    const options = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }];
    const id = await chat.send(
      'a',
      script({ permission: { toolCall, options } }, { text: 'never' }),
    );
    const request = await chat.permission('a');
    await chat.wire.call('ChatService.Cancel', ['a']);
    const answer = await chat.answer('a', id);
    expect(answer.stopReason).toBe('cancelled');
    expect(textOf(answer)).not.toContain('never');
    expect(chat.wire.events.map((event) => event.data)).toContainEqual({
      id: request.id,
      agent: 'a',
    });
    expect((await chat.settled('a')).permissions).toEqual([]);
  });

  it('answers queued messages in order, one turn at a time', async () => {
    const { chat } = await chatWith();
    // The first turn waits for a permission while two more messages are sent: they wait too.
    const options = [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }];
    const asks = { permission: { toolCall: { toolCallId: 't' }, options } };
    const ids = [await chat.send('a', script(asks, { text: 'one' }))];
    const request = await chat.permission('a');
    ids.push(await chat.send('a', script({ text: 'two' })));
    ids.push(await chat.send('a', script({ text: 'three' })));
    const first = await chat.conversation('a');
    expect(first.messages.filter((message) => message.queued).map((message) => message.id)).toEqual(
      ids.slice(1),
    );
    await chat.wire.call('ChatService.AnswerPermission', [request.id, 'ok']);
    for (const [index, id] of ids.entries()) {
      const texts = ['permission: selected okone', 'two', 'three'];
      expect(textOf(await chat.answer('a', id))).toBe(texts[index]);
    }
    const conversation = await chat.settled('a');
    // The first answer began before the others were sent; theirs come after them.
    expect(conversation.messages.map((message) => message.role)).toEqual([
      'user',
      'agent',
      'user',
      'user',
      'agent',
      'agent',
    ]);
    // The agent stays busy from the first turn to the last.
    expect(states(chat)).toEqual(['starting', 'ready', 'busy', 'ready']);
  });

  it('ends an answer with the agent’s own explanation when the prompt fails', async () => {
    const { chat } = await chatWith();
    const id = await chat.send(
      'a',
      script({ text: 'thinking' }, { fail: { code: -32603, message: 'the model is overloaded' } }),
    );
    const answer = await chat.answer('a', id);
    expect(answer.stopReason).toBeUndefined();
    expect(answer.error).toContain('the model is overloaded');
    expect(textOf(answer)).toBe('thinking');
    await chat.settled('a');
  });

  it('keeps what arrived when the agent crashes mid-turn, then restarts it for the next message', async () => {
    const { chat } = await chatWith();
    const id = await chat.send('a', script({ text: 'half an answer' }, { sleep: 50 }, { exit: 3 }));
    const answer = await chat.answer('a', id);
    expect(textOf(answer)).toBe('half an answer');
    expect(answer.error).toBe('the agent exited before it finished answering (exit code 3)');
    await expect.poll(() => states(chat).at(-1)).toBe('error');
    const next = await chat.send('a', 'hello again');
    expect(textOf(await chat.answer('a', next))).toBe('Hello, world');
    const conversation = await chat.settled('a');
    expect(conversation.messages.map((message) => message.code ?? message.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent-restarted',
      'agent',
    ]);
  });

  it('says agent-restarted when a restart loses the session', async () => {
    const { chat } = await chatWith();
    await chat.answer('a', await chat.send('a', 'hi'));
    await chat.wire.call('AgentService.Restart', ['a']);
    // The fake agent can neither resume nor load: the next turn's new session is said to forget.
    expect(textOf(await chat.answer('a', await chat.send('a', 'hi again')))).toBe('Hello, world');
    const { messages } = await chat.settled('a');
    expect(messages.map((message) => message.code ?? message.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent-restarted',
      'agent',
    ]);
  });

  it('says agent-unavailable with the reason when the agent cannot start or open a session', async () => {
    const { host, chat } = await chatWith(['--session-new=error']);
    await chat.send('a', 'hello');
    await expect
      .poll(async () => (await chat.conversation('a')).messages.at(-1))
      .toMatchObject({
        role: 'system',
        code: 'agent-unavailable',
        error: expect.stringContaining('session refused by the fake agent') as string,
      });
    await chat.settled('a');

    await writeFile(
      host.configPath,
      `${await readFile(host.configPath, 'utf8')}  ghost:\n    command: /nonexistent/agent\n`,
    );
    await expect.poll(async () => (await host.rpc('AgentService.List')).result).toHaveLength(2);
    await chat.send('ghost', 'anyone?');
    await expect
      .poll(async () => (await chat.conversation('ghost')).messages.at(-1))
      .toMatchObject({
        code: 'agent-unavailable',
        error: expect.stringContaining('command not found') as string,
      });
    await chat.settled('ghost');
  });

  it('refuses empty text, unknown agents and unknown permissions with clear errors', async () => {
    const { chat } = await chatWith();
    expect((await chat.wire.call('ChatService.Send', ['a', '  '])).error).toMatchObject({
      code: -32000,
      message: 'the message is empty',
      data: { kind: 'empty-text' },
    });
    expect((await chat.wire.call('ChatService.Send', ['nobody', 'hi'])).error).toMatchObject({
      code: -32000,
      message: 'unknown agent “nobody”',
      data: { kind: 'unknown-agent' },
    });
    expect((await chat.wire.call('ChatService.Conversation', ['nobody'])).error).toMatchObject({
      data: { kind: 'unknown-agent' },
    });
    expect(
      (await chat.wire.call('ChatService.AnswerPermission', ['p1', 'yes'])).error,
    ).toMatchObject({
      data: { kind: 'not-found' },
    });
    expect((await chat.wire.call('ChatService.Send', ['a'])).error).toMatchObject({ code: -32602 });
    expect(await chat.conversation('a')).toEqual({
      ...emptyConversation(),
      id: expect.any(String) as string,
    });
  });

  it.each([['--announce-commands'], ['--announce-commands-first']])(
    'announces the agent’s commands as soon as its session opens (%s)',
    async (flag) => {
      const { chat } = await chatWith([flag]);
      await chat.answer('a', await chat.send('a', 'hi'));
      await expect
        .poll(async () => (await chat.conversation('a')).commands)
        .toEqual([
          { name: 'review', description: 'Review the changes' },
          { name: 'test', description: 'Run the tests' },
        ]);
      await chat.settled('a');
    },
  );

  it('coalesces a flood of chunks into fewer deltas, every chunk there, in order', async () => {
    const { chat } = await chatWith();
    const id = await chat.send('a', script({ flood: 5000 }));
    const answer = await chat.answer('a', id);
    const expected = Array.from({ length: 5000 }, (_, i) => `${i} `).join('');
    expect(textOf(answer)).toBe(expected);
    const deltas = chat.wire.events.filter((event) => event.name === 'message:delta');
    expect(deltas.length).toBeLessThan(5000);
    await chat.settled('a');
  });
});
