import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';
import { ConversationStore } from '../../../host/conversations/ConversationStore.ts';
import type { ChatMessage, ConversationEvent } from '../../../schema/conversation.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { agentMessage, samplePermission, userMessage } from './sampleMessages.ts';
import { noPromptOffer } from '../../../schema/attachments.ts';

const opened: { folder: string; database: ConversationDatabase }[] = [];
afterEach(() => {
  for (const { folder, database } of opened.splice(0)) {
    database.close();
    rmSync(folder, { recursive: true, force: true });
  }
});

/** A store on a real database, for configuration `config.path`. */
function storeOn(folder = mkdtempSync(join(tmpdir(), 'switchboard-store-')), now?: () => Date) {
  const database = ConversationDatabase.open(join(folder, 'conversations.db'), { language: 'en' });
  opened.push({ folder, database });
  const published: HostEvent[] = [];
  const config = { path: '/home/me/first.yaml' };
  const store = new ConversationStore({
    publish: (event) => published.push(event),
    database,
    config: () => config.path,
    now,
  });
  return { folder, database, store, published, config };
}

const updated = (message: ChatMessage): ConversationEvent => ({
  name: 'message:updated',
  data: { agent: 'a', message },
});

/** A user message and its answer, as a worker posts them for conversation `id`. */
function exchange(store: ConversationStore, id: string, text: string) {
  store.received('a', id, [
    updated(userMessage(`${text}-u`, text)),
    updated(agentMessage(`${text}-a`, { parts: [{ kind: 'text', text: `re: ${text}` }] })),
  ]);
}

describe('the host’s store of conversations', () => {
  it('publishes what the current conversation’s worker posts, and drops what a replaced one posts', () => {
    const { store, published } = storeOn();
    const first = store.seed('a').conversation.id;
    exchange(store, first, 'hello');
    expect(published).toHaveLength(2);
    const second = store.startNew('a', 'closed').conversation.id;
    exchange(store, first, 'late');
    expect(store.get('a')).toMatchObject({ id: second, messages: [] });
    expect(published.at(-1)).toEqual({
      name: 'conversation:opened',
      data: { agent: 'a', id: second },
    });
    expect(published.filter((event) => event.name === 'message:updated')).toHaveLength(2);
  });

  it('ends the turn in flight of a conversation it replaces, and keeps it so', () => {
    const { store } = storeOn();
    const first = store.seed('a').conversation.id;
    store.received('a', first, [
      updated(userMessage('u1', 'go')),
      { name: 'turn:changed', data: { agent: 'a', busy: true, queued: 1 } },
      updated(agentMessage('a1', { done: false })),
      updated(userMessage('u2', 'then this', { queued: true })),
    ]);
    store.startNew('a', 'the conversation was closed');
    const reopened = store.open('a', first, 'closed')!.conversation;
    expect(reopened.busy).toBe(false);
    expect(reopened.messages.map(({ id, done, error }) => ({ id, done, error }))).toEqual([
      { id: 'u1', done: true, error: undefined },
      { id: 'a1', done: true, error: 'the conversation was closed' },
      { id: 'u2', done: true, error: 'cancelled' },
    ]);
  });

  it('lists conversations with messages and the current one, newest first, and opens them', () => {
    const { store } = storeOn();
    const first = store.seed('a').conversation.id;
    exchange(store, first, 'one');
    const empty = store.startNew('a', 'closed').conversation.id;
    const third = store.startNew('a', 'closed').conversation.id;
    exchange(store, third, 'three');
    const listed = store.history('a');
    expect(listed.map(({ id, messages, current }) => ({ id, messages, current }))).toEqual([
      { id: third, messages: 2, current: true },
      { id: first, messages: 2, current: false },
    ]);
    expect(listed.map((summary) => summary.id)).not.toContain(empty);
    expect(store.open('a', 'nope', 'closed')).toBeUndefined();
    expect(store.open('b', first, 'closed')).toBeUndefined();
    expect(store.open('a', first, 'closed')?.conversation.messages).toHaveLength(2);
    expect(store.history('a').find((summary) => summary.current)?.id).toBe(first);
  });

  it('lists conversations written in the same millisecond newest made first', () => {
    const { store } = storeOn(undefined, () => new Date('2026-12-01T12:00:00.000Z'));
    const made = [store.seed('a').conversation.id];
    for (let count = 1; count < 6; count += 1) {
      exchange(store, made.at(-1)!, `message ${count}`);
      made.push(store.startNew('a', 'closed').conversation.id);
    }
    exchange(store, made.at(-1)!, 'the last');
    expect(store.history('a').map((summary) => summary.id)).toEqual(made.toReversed());
  });

  it('keeps each configuration’s conversations apart, and brings them back with their file', () => {
    const { store, config } = storeOn();
    exchange(store, store.seed('a').conversation.id, 'in the first file');
    store.forget();
    config.path = '/home/me/second.yaml';
    expect(store.get('a').messages).toEqual([]);
    exchange(store, store.seed('a').conversation.id, 'in the second file');
    store.forget();
    config.path = '/home/me/first.yaml';
    expect(store.get('a').messages.map((message) => message.id)).toEqual([
      'in the first file-u',
      'in the first file-a',
    ]);
    expect(store.search('second').map((hit) => hit.agent)).toEqual([]);
    expect(store.search('first')).toHaveLength(2);
  });

  it('writes what changed in batches, and a new host on the file reads it all back', async () => {
    const { folder, store, database } = storeOn();
    const id = store.seed('a').conversation.id;
    store.received('a', id, [
      updated(userMessage('u1', 'edit it')),
      updated(agentMessage('a1', { done: false })),
      {
        name: 'message:delta',
        data: { agent: 'a', messageId: 'a1', index: 0, kind: 'text', text: 'Do' },
      },
      {
        name: 'message:delta',
        data: { agent: 'a', messageId: 'a1', index: 0, kind: 'text', text: 'ne.' },
      },
      { name: 'permission:requested', data: samplePermission('p1', 'a1') },
      { name: 'usage:changed', data: { agent: 'a', usage: { used: 10, size: 100 } } },
      {
        name: 'session:changed',
        data: {
          agent: 'a',
          title: 'Editing',
          modes: null,
          options: [],
          auth: null,
          prompt: noPromptOffer,
        },
      },
    ]);
    store.sessionOpened('a', id, { id: 'acp-1', cwd: '/work' });
    store.answering('p1', 'allow');
    store.received('a', id, [{ name: 'permission:resolved', data: { id: 'p1', agent: 'a' } }]);
    // Nothing is written on the way of the events: a batch follows within 250 ms.
    expect(database.current('/home/me/first.yaml', 'a')).toBeUndefined();
    await expect
      .poll(() => database.current('/home/me/first.yaml', 'a')?.conversation.messages.length)
      .toBe(2);
    const held = store.get('a');
    store.close();
    opened.pop();
    const raw = new Database(join(folder, 'conversations.db'), { readonly: true });
    expect(raw.prepare('SELECT id, option_id AS optionId FROM answered_permissions').all()).toEqual(
      [{ id: 'p1', optionId: 'allow' }],
    );
    raw.close();

    const again = storeOn(folder);
    // The answer was still arriving when this "host" ended: the next one ends it so.
    const [user, answer] = held.messages;
    const interrupted = {
      ...answer!,
      done: true,
      error: 'the host stopped before this answer was finished',
    };
    expect(again.store.get('a')).toEqual({
      ...held,
      messages: [user, interrupted],
      permissions: [],
    });
    expect(again.store.seed('a').session).toEqual({ id: 'acp-1', cwd: '/work' });
    expect(again.store.get('a').title).toBe('Editing');
  });
});
