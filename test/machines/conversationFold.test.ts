import { describe, expect, it } from 'vitest';
import {
  applyConversationEvent,
  emptyConversation,
  interruptedTurnEvents,
} from '../../machines/conversationFold.ts';
import type { ChatMessage, Conversation } from '../../schema/conversation.ts';

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
  for (const event of events) applyConversationEvent(conversation, event);
  return conversation;
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
