import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';
import { ftsQuery, searchableText, snippet } from '../../../host/conversations/searchQuery.ts';
import { userMessage } from './sampleMessages.ts';

const config = '/config.yaml';
let dir: string;
let database: ConversationDatabase;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-db-'));
  database = ConversationDatabase.open(join(dir, 'conversations.db'), { language: 'en' });
  database.create(config, 'claude', 'c1', '2025-03-01T14:00:00.000Z');
  database.write([
    {
      kind: 'message',
      conversation: 'c1',
      position: 0,
      message: userMessage('m1', 'NEAR "AND" OR NOT a*b (x) ^y z:w'),
    },
  ]);
});

afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a person might type, FTS5's own syntax and odd characters included. */
const queries = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc
    .array(
      fc.constantFrom(
        '"',
        '""',
        '*',
        '(',
        ')',
        ':',
        '^',
        '-',
        '+',
        '{',
        '}',
        ',',
        '\0',
        ' ',
        '\n',
        'NEAR',
        'AND',
        'OR',
        'NOT',
        'text',
        'a',
        'é',
        'e\u0301',
        '\u{1F600}',
        '\uD800',
      ),
    )
    .map((pieces) => pieces.join('')),
);

/** A word of letters and digits, accented ones included. */
const word = fc.string({
  unit: fc.constantFrom(
    ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éèàçüñßœÉÀ',
  ),
  minLength: 1,
  maxLength: 12,
});

describe('ftsQuery', () => {
  test('quotes each word as a prefix term, and has nothing for punctuation', () => {
    expect(ftsQuery('say "hi" café')).toBe('"say"* """hi"""* "café"*');
    expect(ftsQuery('  ')).toBeUndefined();
    expect(ftsQuery('-- * ( )')).toBeUndefined();
    expect(ftsQuery('a\0b')).toBe('"a"* "b"*');
  });

  test.prop([queries], { numRuns: 500 })('search never throws, whatever the query', (query) => {
    expect(() => database.search(config, query)).not.toThrow();
  });

  let next = 1;
  test.prop([word])('a message is found by any of its words, and by their start', (word) => {
    const id = `w${next++}`;
    database.write([
      {
        kind: 'message',
        conversation: 'c1',
        position: next,
        message: userMessage(id, `before ${word} after`),
      },
    ]);
    expect(database.search(config, word, 1000).map((hit) => hit.messageId)).toContain(id);
    expect(database.search(config, word.slice(0, 1), 1000).map((hit) => hit.messageId)).toContain(
      id,
    );
  });
});

describe('snippet', () => {
  const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');

  test('about sixteen words around the first match, cut with an ellipsis', () => {
    expect(snippet('the café is ready now', 'CAFE')).toBe('the café is ready now');
    expect(snippet(`${long} Résumé du\n\n  travail ${long}`, 'resume')).toBe(
      '…w37 w38 w39 Résumé du travail w0 w1 w2 w3 w4 w5 w6 w7 w8 w9…',
    );
    expect(snippet(long, 'w39')).toBe(`…${long.split(' ').slice(24).join(' ')}`);
    expect(snippet(long, 'nothing')).toBe(`${long.split(' ').slice(0, 16).join(' ')}…`);
    expect(snippet('', 'a')).toBe('');
  });

  test.prop([fc.string({ unit: 'binary' }), queries])(
    'is one line of at most sixteen words of the text, whatever the text and query',
    (text, query) => {
      const cut = snippet(text, query);
      expect(cut).not.toMatch(/[\n\r]/);
      const words = cut.replace(/^…|…$/g, '');
      expect(text.replace(/\s+/gu, ' ')).toContain(words);
      expect(
        words.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length,
      ).toBeLessThanOrEqual(16);
    },
  );
});

describe('searchableText', () => {
  test('holds text, thoughts, tool titles and outputs, not plans nor tool input', () => {
    const text = searchableText([
      { kind: 'text', text: 'hello' },
      { kind: 'thought', text: 'hmm' },
      {
        kind: 'tool',
        tool: {
          id: 't',
          title: 'Run tests',
          kind: 'execute',
          status: 'completed',
          input: '{"secret":1}',
          output: '3 passed',
          locations: [],
          diffs: [],
        },
      },
      { kind: 'plan', entries: [{ content: 'later', priority: 'low', status: 'pending' }] },
    ]);
    expect(text).toBe('hello\nhmm\nRun tests\n3 passed');
  });
});
