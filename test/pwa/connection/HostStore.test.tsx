// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../schema/conversation.ts';
import { HostError } from '../../../pwa/src/connection/HostConnection.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation, message } from '../chat/fixtures.tsx';

useMockHost();

const old = conversation({
  id: 'conv-old',
  title: 'The old one',
  messages: [message({ id: 'o1', parts: [{ kind: 'text', text: 'old' }] })],
});
const fresh = conversation({ id: 'conv-new', title: '' });

/** A store connected to a host whose current conversation of `claude` is `snapshot()`. */
async function connect(snapshot: () => Conversation | object) {
  const host = mockHost(chatMethods(old, { 'ChatService.Conversation': () => snapshot() }));
  const { store } = renderWithHost(<></>);
  await waitFor(() => expect(store.getState().connection).toBe('online'));
  const loads = () => host.calls.filter((call) => call.method === 'ChatService.Conversation');
  return { host, store, loads };
}

describe('the store on conversation:opened', () => {
  it('drops the conversation it holds, ignores its late events, and loads the new one', async () => {
    let current: Conversation = old;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { host, store, loads } = await connect(() => current);
    host.answer({
      'ChatService.Conversation': async () => {
        const answer = current;
        if (answer === fresh) await gate;
        return answer;
      },
    });
    await store.openConversation('claude');
    expect(store.getState().conversations.claude?.id).toBe('conv-old');

    current = fresh;
    host.emit({ name: 'conversation:opened', data: { agent: 'claude', id: 'conv-new' } });
    // Sent before the host answered the reload: the old conversation's, to be ignored.
    host.emit({
      name: 'message:updated',
      data: { agent: 'claude', message: message({ id: 'late', role: 'user' }) },
    });
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'busy', outdated: false } });
    await waitFor(() => expect(store.getState().agents[0]?.state).toBe('busy'));
    expect(loads()).toHaveLength(2);
    expect(store.getState().conversations.claude).toBeUndefined();
    release();
    await waitFor(() => expect(store.getState().conversations.claude?.id).toBe('conv-new'));
    expect(loads()).toHaveLength(2);
    expect(store.getState().conversations.claude?.messages).toEqual([]);

    // What follows the answer is the new conversation's.
    host.emit({
      name: 'message:updated',
      data: {
        agent: 'claude',
        message: message({ id: 'n1', role: 'user', parts: [{ kind: 'text', text: 'Hi there' }] }),
      },
    });
    await waitFor(() =>
      expect(store.getState().conversations.claude?.messages.map((m) => m.id)).toEqual(['n1']),
    );
    expect(store.getState().conversations.claude?.title).toBe('Hi there');
  });

  it('leaves alone an agent whose conversation it does not hold', async () => {
    const { host, store, loads } = await connect(() => old);
    await store.openConversation('claude');
    host.emit({ name: 'conversation:opened', data: { agent: 'codex', id: 'conv-x' } });
    host.emit({ name: 'turn:changed', data: { agent: 'claude', busy: true, queued: 0 } });
    await waitFor(() => expect(store.getState().conversations.claude?.busy).toBe(true));
    expect(loads()).toHaveLength(1);
    expect(Object.keys(store.getState().conversations)).toEqual(['claude']);
  });

  it('loads again when the event comes while a load waits, and keeps the newest answer', async () => {
    let current: Conversation = old;
    let release: () => void = () => {};
    const { host, store } = await connect(() => current);
    const slow = new Promise<void>((resolve) => (release = resolve));
    host.answer({
      'ChatService.Conversation': async () => {
        const answer = current;
        if (answer === old) await slow;
        return answer;
      },
    });
    const first = store.openConversation('claude');
    await waitFor(() => expect(host.calls.at(-1)?.method).toBe('ChatService.Conversation'));
    current = fresh;
    host.emit({ name: 'conversation:opened', data: { agent: 'claude', id: 'conv-new' } });
    await waitFor(() => expect(store.getState().conversations.claude?.id).toBe('conv-new'));
    release();
    await first;
    // The answer asked for before the event came last: it does not bring the old one back.
    expect(store.getState().conversations.claude?.id).toBe('conv-new');
  });

  it('keeps why the reload failed, until the conversation loads again', async () => {
    let fail = false;
    const { host, store } = await connect(() =>
      fail ? { error: { code: -32000, message: 'the disk is full', data: { kind: 'io' } } } : old,
    );
    await store.openConversation('claude');
    fail = true;
    host.emit({ name: 'conversation:opened', data: { agent: 'claude', id: 'conv-new' } });
    await waitFor(() =>
      expect(store.getState().conversationFailures.claude).toBeInstanceOf(HostError),
    );
    expect(store.getState().conversations.claude).toBeUndefined();
    fail = false;
    await store.openConversation('claude');
    expect(store.getState().conversationFailures.claude).toBeUndefined();
    expect(store.getState().conversations.claude?.id).toBe('conv-old');
  });
});

describe('the store under a stream', () => {
  it('tells its listeners once for the events that came before a frame, holding them all', async () => {
    const answer = message({ id: 'a1', role: 'agent', done: false, parts: [] });
    const { host, store } = await connect(() => conversation({ messages: [answer] }));
    await store.openConversation('claude');
    let told = 0;
    store.subscribe(() => (told += 1));
    for (let chunk = 0; chunk < 100; chunk++) {
      host.emit({
        name: 'message:delta',
        data: { agent: 'claude', messageId: 'a1', index: 0, kind: 'text', text: `${chunk} ` },
      });
    }
    const text = Array.from({ length: 100 }, (_, chunk) => `${chunk} `).join('');
    await waitFor(() =>
      expect(store.getState().conversations.claude?.messages[0]?.parts).toEqual([
        { kind: 'text', text },
      ]),
    );
    await waitFor(() => expect(told).toBeGreaterThan(0));
    expect(told).toBeLessThan(10);
  });

  it('resumes after the last event it received when the socket comes back', async () => {
    const { host, store } = await connect(() => conversation());
    for (let event = 0; event < 5; event++) {
      const state = event % 2 === 0 ? 'busy' : 'ready';
      host.emit({ name: 'agent:state', data: { agent: 'claude', state, outdated: false } });
    }
    await waitFor(() => expect(store.getState().agents[0]?.state).toBe('busy'));
    host.disconnect();
    await waitFor(() => expect(host.urls).toHaveLength(2), { timeout: 3_000 });
    expect(new URL(host.urls[1]!).searchParams.get('since')).toBe('5');
    await waitFor(() => expect(store.getState().connection).toBe('online'));
  });
});
