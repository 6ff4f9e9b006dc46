import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  ConversationDatabase,
  type ConversationChange,
} from '../../../host/conversations/ConversationDatabase.ts';
import { translate } from '../../../host/i18n.ts';
import { emptyConversation } from '../../../machines/conversationFold.ts';
import { agentMessage, samplePermission, userMessage } from './sampleMessages.ts';

const config = '/home/ada/.config/switchboard/config.yaml';
const otherConfig = '/home/ada/work/switchboard.yaml';

let dir: string;
let file: string;
let database: ConversationDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-db-'));
  file = join(dir, 'state', 'conversations.db');
  database = ConversationDatabase.open(file, { language: 'en' });
});

afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

function reopen(language: 'en' | 'fr' = 'en'): void {
  database.close();
  database = ConversationDatabase.open(file, { language });
}

const meta = (id: string, updatedAt: string, title = 'Louder fifth line'): ConversationChange => ({
  kind: 'conversation',
  id,
  title,
  usage: { used: 1200, size: 200_000 },
  commands: [{ name: 'review', description: 'Review the changes' }],
  modes: { current: 'plan', available: [{ id: 'plan', name: 'Plan', description: '' }] },
  options: [],
  session: { id: 'sess-1', cwd: '/home/ada/project' },
  updatedAt,
});

describe('images users sent', () => {
  test('are kept once by id, and survive a reopen', () => {
    const bytes = Buffer.from('89504e470d0a1a0a', 'hex');
    database.keepImage('f00d', 'image/png', bytes);
    database.keepImage('f00d', 'image/png', bytes);
    reopen();
    expect(database.image('f00d')).toEqual({ mimeType: 'image/png', bytes });
    expect(database.image('beef')).toBeUndefined();
  });
});

describe('conversations', () => {
  test('a new conversation is empty and current, and survives a reopen', () => {
    database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
    const expected = {
      config,
      agent: 'claude',
      conversation: emptyConversation('c1'),
      createdAt: '2025-03-01T14:00:00.000Z',
      updatedAt: '2025-03-01T14:00:00.000Z',
      session: null,
    };
    expect(database.current(config, 'claude')).toEqual(expected);
    reopen();
    expect(database.get('c1')).toEqual(expected);
    expect(database.current(config, 'gemini')).toBeUndefined();
    expect(database.current(otherConfig, 'claude')).toBeUndefined();
    expect(database.get('nope')).toBeUndefined();
  });

  test('messages and metadata read back exactly as written, in position order', () => {
    database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
    const messages = [
      userMessage('m1', 'Make the fifth line louder'),
      agentMessage('m2'),
      userMessage('m3', 'thanks', { queued: true }),
      {
        ...agentMessage('m4', { parts: [], stopReason: undefined }),
        role: 'system' as const,
        code: 'agent-restarted' as const,
      },
      agentMessage('m5', { done: false, stopReason: undefined, error: 'boom' }),
    ];
    // Written out of order and in two batches, the second one rewriting a message.
    database.write([
      meta('c1', '2025-03-01T14:06:00.000Z'),
      ...messages
        .map((message, position) => ({
          kind: 'message' as const,
          conversation: 'c1',
          position,
          message,
        }))
        .reverse(),
    ]);
    const rewritten = agentMessage('m2', { parts: [{ kind: 'text', text: 'Done.' }] });
    database.write([{ kind: 'message', conversation: 'c1', position: 1, message: rewritten }]);
    messages[1] = rewritten;

    const stored = database.get('c1')!;
    expect(stored.conversation.messages).toEqual(messages);
    expect(stored.conversation.title).toBe('Louder fifth line');
    expect(stored.conversation.usage).toEqual({ used: 1200, size: 200_000 });
    expect(stored.conversation.commands).toEqual([
      { name: 'review', description: 'Review the changes' },
    ]);
    expect(stored.session).toEqual({ id: 'sess-1', cwd: '/home/ada/project' });
    expect(stored.updatedAt).toBe('2025-03-01T14:06:00.000Z');
    // The rewritten message's old text left the index with it.
    const found = (query: string) => database.search(config, query).map((hit) => hit.messageId);
    expect(found('Done')).toEqual(['m2']);
    // m5 is still arriving: it is indexed once done.
    expect(found('easy')).toEqual([]);
    expect(found('fifth louder').sort()).toEqual(['m1']);
  });

  test('a batch is one transaction: one bad change and nothing of it is stored', () => {
    database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
    const batch: ConversationChange[] = [
      { kind: 'message', conversation: 'c1', position: 0, message: userMessage('m1', 'kept?') },
      { kind: 'message', conversation: 'missing', position: 0, message: userMessage('m2', 'no') },
    ];
    expect(() => database.write(batch)).toThrow(/FOREIGN KEY/);
    expect(() => database.write([meta('missing', '2025-03-01T14:00:00.000Z')])).toThrow();
    expect(database.get('c1')!.conversation.messages).toEqual([]);
    expect(database.search(config, 'kept')).toEqual([]);
  });

  test('answered and cancelled permissions are stored, and never come back as pending', () => {
    database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
    database.write([
      { kind: 'message', conversation: 'c1', position: 0, message: agentMessage('m1') },
      {
        kind: 'permission',
        conversation: 'c1',
        request: samplePermission('p1', 'm1'),
        optionId: 'allow',
        answeredAt: '2025-03-01T14:05:10.000Z',
      },
      {
        kind: 'permission',
        conversation: 'c1',
        request: samplePermission('p2', 'm1'),
        optionId: null,
        answeredAt: '2025-03-01T14:05:11.000Z',
      },
    ]);
    reopen();
    expect(database.get('c1')!.conversation.permissions).toEqual([]);
  });

  test('history lists newest first, with counts and the current one; setCurrent checks owners', () => {
    database.create(config, 'claude', 'old', '2025-03-01T10:00:00.000Z');
    database.create(config, 'claude', 'new', '2025-03-01T11:00:00.000Z');
    database.create(config, 'gemini', 'theirs', '2025-03-01T12:00:00.000Z');
    database.create(otherConfig, 'claude', 'elsewhere', '2025-03-01T12:00:00.000Z');
    database.write([
      { kind: 'message', conversation: 'old', position: 0, message: userMessage('m1', 'hello') },
      { kind: 'message', conversation: 'old', position: 1, message: agentMessage('m2') },
      meta('old', '2025-03-01T13:00:00.000Z', 'Old one'),
    ]);
    const summaries = database.history(config, 'claude');
    expect(summaries.map(({ id, messages, current }) => ({ id, messages, current }))).toEqual([
      { id: 'old', messages: 2, current: false },
      { id: 'new', messages: 0, current: true },
    ]);
    expect(summaries[0]).toMatchObject({
      title: 'Old one',
      createdAt: '2025-03-01T10:00:00.000Z',
      updatedAt: '2025-03-01T13:00:00.000Z',
    });

    expect(database.setCurrent(config, 'claude', 'theirs')).toBe(false);
    expect(database.setCurrent(config, 'claude', 'elsewhere')).toBe(false);
    expect(database.setCurrent(config, 'claude', 'nope')).toBe(false);
    expect(database.setCurrent(config, 'claude', 'old')).toBe(true);
    reopen();
    expect(database.current(config, 'claude')?.conversation.id).toBe('old');
    expect(database.current(config, 'gemini')?.conversation.id).toBe('theirs');
    expect(database.history(config, 'claude').find((summary) => summary.current)?.id).toBe('old');
  });
});

describe('recovery at open', () => {
  test.each(['en', 'fr'] as const)(
    'an unfinished answer ends with an error, a queued message is cancelled (%s)',
    (language) => {
      database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
      const answering = agentMessage('m2', { done: false, stopReason: undefined });
      const queued = userMessage('m3', 'and then?', { queued: true });
      database.write([
        { kind: 'message', conversation: 'c1', position: 0, message: userMessage('m1', 'go') },
        { kind: 'message', conversation: 'c1', position: 1, message: answering },
        { kind: 'message', conversation: 'c1', position: 2, message: queued },
      ]);
      reopen(language);
      expect(database.get('c1')!.conversation.messages).toEqual([
        userMessage('m1', 'go'),
        { ...answering, done: true, error: translate(language, 'database.interrupted') },
        { ...queued, queued: false, error: 'cancelled' },
      ]);
    },
  );
});

describe('search', () => {
  beforeEach(() => {
    database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
    database.create(config, 'gemini', 'c2', '2025-03-01T14:00:00.000Z');
    database.create(otherConfig, 'claude', 'c3', '2025-03-01T14:00:00.000Z');
    const filler = 'lorem ipsum dolor sit amet '.repeat(10);
    database.write([
      {
        kind: 'message',
        conversation: 'c1',
        position: 0,
        message: userMessage('m1', `${filler} Le café est prêt ${filler}`),
      },
      { kind: 'message', conversation: 'c1', position: 1, message: agentMessage('m2') },
      {
        kind: 'message',
        conversation: 'c2',
        position: 0,
        message: userMessage('m3', 'cafe cafe cafe, a strong café'),
      },
      {
        kind: 'message',
        conversation: 'c3',
        position: 0,
        message: userMessage('m4', 'café elsewhere'),
      },
    ]);
  });

  test('finds words by prefix, without accents, across the agents of one configuration only', () => {
    const hits = database.search(config, 'CAF');
    expect(hits.map((hit) => hit.messageId)).toEqual(['m3', 'm1']);
    expect(hits[1]).toEqual({
      agent: 'claude',
      conversation: 'c1',
      messageId: 'm1',
      createdAt: '2025-03-01T14:05:09.000Z',
      snippet: expect.stringMatching(/^….* Le café est prêt .*…$/) as unknown,
    });
    expect(hits[0]!.agent).toBe('gemini');
    expect(database.search(otherConfig, 'café').map((hit) => hit.messageId)).toEqual(['m4']);
  });

  test('finds an answer once it is done, or ended by the next host, not while it streams', () => {
    const streaming = agentMessage('m5', {
      done: false,
      parts: [{ kind: 'text', text: 'a wombat so far' }],
    });
    const write = (message: typeof streaming) =>
      database.write([{ kind: 'message', conversation: 'c1', position: 2, message }]);
    write(streaming);
    expect(database.search(config, 'wombat')).toEqual([]);
    write({ ...streaming, done: true, stopReason: 'end_turn' });
    expect(database.search(config, 'wombat').map((hit) => hit.messageId)).toEqual(['m5']);

    write({
      ...streaming,
      id: 'm6',
      parts: [{ kind: 'text', text: 'a platypus, then the host died' }],
    });
    expect(database.search(config, 'platypus')).toEqual([]);
    reopen();
    expect(database.search(config, 'platypus').map((hit) => hit.messageId)).toEqual(['m6']);
  });

  test('searches thoughts, tool titles and tool output, every word required', () => {
    expect(database.search(config, 'louder').map((hit) => hit.messageId)).toEqual(['m2']);
    expect(database.search(config, 'wrote lines').map((hit) => hit.messageId)).toEqual(['m2']);
    expect(database.search(config, 'src/main.ts').map((hit) => hit.messageId)).toEqual(['m2']);
    expect(database.search(config, 'louder café')).toEqual([]);
  });

  test('takes any text: syntax is words, nothing to search is no result', () => {
    for (const query of ['', '   ', '"', '*', '- + ()', 'NEAR(a b)', 'AND', 'text:café', '"café']) {
      expect(() => database.search(config, query)).not.toThrow();
    }
    expect(database.search(config, '"café')).toHaveLength(2);
    expect(database.search(config, 'café', 1)).toHaveLength(1);
    expect(database.search(config, 'café', 0)).toEqual([]);
  });

  test('a word in more messages than it ranks: the most recent ones are ranked', () => {
    const message = (index: number, text: string): ConversationChange => ({
      kind: 'message',
      conversation: 'c1',
      position: 10 + index,
      message: userMessage(`common${index}`, text),
    });
    database.write([
      message(0, 'common common common common, the best match but the oldest'),
      ...Array.from({ length: 2100 }, (_, index) => message(index + 1, `just common ${index}`)),
      message(2101, 'common common common, recent'),
    ]);
    const hits = database.search(config, 'common', 5);
    expect(hits).toHaveLength(5);
    expect(hits[0]!.messageId).toBe('common2101');
    expect(hits.map((hit) => hit.messageId)).not.toContain('common0');
  });
});
