import { describe, expect, it } from 'vitest';
import {
  applyConversationEvent,
  emptyConversation,
  interruptedTurnEvents,
  loginOutputKept,
} from '../../machines/conversationFold.ts';
import type { ChatMessage, Conversation, ConversationEvent } from '../../schema/conversation.ts';
import { noPromptOffer } from '../../schema/attachments.ts';

const message = (fields: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role'>): ChatMessage => ({
  agent: 'a',
  createdAt: '2026-11-30T00:00:00.000Z',
  parts: [],
  done: true,
  queued: false,
  ...fields,
});

const interrupt = (conversation: Conversation) => {
  const events = interruptedTurnEvents(conversation, 'a', 'the worker stopped', () => ({
    id: 'sys',
    createdAt: '2026-11-30T00:01:00.000Z',
  }));
  return events.reduce(applyConversationEvent, conversation);
};

describe('a conversation whose worker is gone', () => {
  it('ends the arriving answer with the reason, resolves its permissions, drops the queue', () => {
    const conversation: Conversation = {
      ...emptyConversation(),
      busy: true,
      queued: 1,
      messages: [
        message({ id: 'u1', role: 'user' }),
        message({ id: 'a1', role: 'agent', done: false }),
        message({ id: 'u2', role: 'user', queued: true }),
      ],
      permissions: [
        {
          id: 'p1',
          agent: 'a',
          messageId: 'a1',
          toolCall: {
            id: 't',
            title: '',
            kind: 'other',
            status: 'pending',
            input: '',
            output: '',
            locations: [],
            diffs: [],
          },
          options: [],
          rejections: 0,
        },
      ],
    };
    const after = interrupt(conversation);
    expect(
      after.messages.map(({ id, done, error, queued }) => ({ id, done, error, queued })),
    ).toEqual([
      { id: 'u1', done: true, error: undefined, queued: false },
      { id: 'a1', done: true, error: 'the worker stopped', queued: false },
      { id: 'u2', done: true, error: 'cancelled', queued: false },
    ]);
    expect(after).toMatchObject({ busy: false, queued: 0, permissions: [] });
  });

  it('answers a turn still waiting for its agent with agent-unavailable', () => {
    const conversation: Conversation = {
      ...emptyConversation(),
      busy: true,
      messages: [message({ id: 'u1', role: 'user' })],
    };
    const after = interrupt(conversation);
    expect(after.messages.at(-1)).toMatchObject({
      id: 'sys',
      role: 'system',
      code: 'agent-unavailable',
      error: 'the worker stopped',
    });
    expect(after.busy).toBe(false);
  });

  it('no longer asks for the login a turn waited for, and keeps the rest of the session', () => {
    const conversation: Conversation = {
      ...emptyConversation(),
      title: 'Fix the build',
      busy: true,
      messages: [message({ id: 'u1', role: 'user' })],
      auth: {
        methods: [{ id: 'key', name: 'API key', description: '', type: 'agent', env: [] }],
        terminal: null,
      },
    };
    const after = interrupt(conversation);
    expect(after).toMatchObject({ auth: null, title: 'Fix the build', busy: false });
  });

  it('changes nothing in a conversation at rest', () => {
    const conversation = {
      ...emptyConversation(),
      messages: [message({ id: 'u1', role: 'user' })],
    };
    expect(
      interruptedTurnEvents(conversation, 'a', 'x', () => ({ id: 'n', createdAt: '' })),
    ).toEqual([]);
  });
});

describe('the fold', () => {
  const events = (): ConversationEvent[] => [
    {
      name: 'message:updated',
      data: {
        agent: 'a',
        message: message({
          id: 'u1',
          role: 'user',
          parts: [{ kind: 'text', text: 'Fix the build\nplease' }],
        }),
      },
    },
    {
      name: 'message:updated',
      data: { agent: 'a', message: message({ id: 'a1', role: 'agent', done: false }) },
    },
    {
      name: 'message:delta',
      data: { agent: 'a', messageId: 'a1', index: 0, kind: 'text', text: 'On ' },
    },
    {
      name: 'message:delta',
      data: { agent: 'a', messageId: 'a1', index: 0, kind: 'text', text: 'it.' },
    },
  ];

  it('returns a new conversation and changes neither the old one nor the event', () => {
    const all = events();
    const frozen = structuredClone(all);
    const before = all.slice(0, 3).reduce(applyConversationEvent, emptyConversation('c1'));
    const copy = structuredClone(before);
    const after = applyConversationEvent(before, all[3]!);
    expect(before).toEqual(copy);
    expect(all).toEqual(frozen);
    expect(after.messages[1]!.parts).toEqual([{ kind: 'text', text: 'On it.' }]);
  });

  it('shares everything a delta does not touch', () => {
    const all = events();
    const before = all.slice(0, 3).reduce(applyConversationEvent, emptyConversation('c1'));
    const after = applyConversationEvent(before, all[3]!);
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.usage).toBe(before.usage);
    expect(after.permissions).toBe(before.permissions);
    expect(after.messages[1]).not.toBe(before.messages[1]);
  });

  it('titles the conversation with the first line of its first user message, unless the agent names it', () => {
    const all = events();
    const titled = all.reduce(applyConversationEvent, emptyConversation('c1'));
    expect(titled.title).toBe('Fix the build');
    const long = message({
      id: 'u2',
      role: 'user',
      parts: [{ kind: 'text', text: 'x'.repeat(200) }],
    });
    const untitled = applyConversationEvent(emptyConversation(), {
      name: 'message:updated',
      data: { agent: 'a', message: long },
    });
    expect(untitled.title).toHaveLength(80);
    expect(untitled.title.endsWith('…')).toBe(true);
    const named = applyConversationEvent(titled, {
      name: 'session:changed',
      data: {
        agent: 'a',
        title: 'Build fix',
        modes: null,
        options: [],
        auth: null,
        prompt: noPromptOffer,
      },
    });
    expect(named.title).toBe('Build fix');
  });

  it('takes what the session offers from session:changed, keeping a title when it names none', () => {
    const modes = { current: 'ask', available: [{ id: 'ask', name: 'Ask', description: '' }] };
    const options = [
      {
        id: 'model',
        name: 'Model',
        category: 'model',
        type: 'select' as const,
        current: 'fast',
        values: [{ value: 'fast', name: 'Fast' }],
      },
    ];
    const auth = {
      methods: [
        {
          id: 'key',
          name: 'API key',
          description: 'Set ANTHROPIC_API_KEY',
          type: 'env_var' as const,
          env: [{ name: 'ANTHROPIC_API_KEY', set: false }],
        },
      ],
      terminal: null,
    };
    const titled = { ...emptyConversation('c'), title: 'Fix the build' };
    const changed = applyConversationEvent(titled, {
      name: 'session:changed',
      data: { agent: 'a', title: '', modes, options, auth, prompt: noPromptOffer },
    });
    expect(changed).toMatchObject({ title: 'Fix the build', modes, options, auth });
  });
});

describe('a login terminal’s output', () => {
  const terminal = {
    id: 'login-1',
    methodId: 'cli',
    command: 'agent --login',
    output: '',
    length: 0,
    exitCode: null,
    signal: null,
    truncated: false,
  };
  const waiting: Conversation = {
    ...emptyConversation(),
    auth: { methods: [], terminal },
  };
  const output = (data: string, terminalId = 'login-1'): ConversationEvent => ({
    name: 'login:output',
    data: { agent: 'a', terminalId, data },
  });

  it('is written after what it showed, and counted', () => {
    const after = [output('Code: '), output('1234')].reduce(applyConversationEvent, waiting);
    expect(after.auth!.terminal).toMatchObject({ output: 'Code: 1234', length: 10 });
    expect(after.auth!.terminal!.truncated).toBe(false);
  });

  it('keeps its last 64 KiB, never half a surrogate pair, and counts all of it', () => {
    const big = `${'x'.repeat(loginOutputKept - 1)}😀`; // the emoji's first half is cut
    const after = [output('early'), output(big)].reduce(applyConversationEvent, waiting);
    const shown = after.auth!.terminal!;
    expect(shown.length).toBe(5 + big.length);
    expect(shown.truncated).toBe(true);
    expect(shown.output.length).toBeLessThanOrEqual(loginOutputKept);
    expect(shown.output.endsWith('😀')).toBe(true);
    expect(shown.output.startsWith('x')).toBe(true);
    const cutInPair = applyConversationEvent(
      { ...waiting, auth: { methods: [], terminal: { ...terminal, output: '😀' } } },
      output('y'.repeat(loginOutputKept - 1)),
    );
    expect(cutInPair.auth!.terminal!.output).toBe('y'.repeat(loginOutputKept - 1));
  });

  it('is dropped when it is another terminal’s, or no login is asked', () => {
    expect(applyConversationEvent(waiting, output('late', 'login-0'))).toBe(waiting);
    const atRest = emptyConversation();
    expect(applyConversationEvent(atRest, output('late'))).toBe(atRest);
  });
});
