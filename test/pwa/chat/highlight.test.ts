import { describe, expect, it } from 'vitest';
import { exportName } from '../../../pwa/src/chat/exportFile.ts';
import { highlight, queryWords } from '../../../pwa/src/chat/highlight.ts';

const marked = (text: string, query: string) =>
  highlight(text, query)
    .filter((segment) => segment.mark)
    .map((segment) => segment.text);

describe('highlight', () => {
  it('marks the start of each word a query word begins, case and accents aside', () => {
    expect(highlight('Le Café ouvre', 'cafe OUV')).toEqual([
      { text: 'Le ', mark: false },
      { text: 'Café', mark: true },
      { text: ' ', mark: false },
      { text: 'ouv', mark: true },
      { text: 're', mark: false },
    ]);
    expect(marked('Élan, élève et ELEVATION', 'ele')).toEqual(['élè', 'ELE']);
    expect(marked('un ÉLÈVE', 'élè')).toEqual(['ÉLÈ']);
  });

  it('matches prefixes only, and the longest query word first', () => {
    expect(marked('decafe cafeteria', 'cafe')).toEqual(['cafe']);
    expect(marked('configuration config', 'con config')).toEqual(['config', 'config']);
  });

  it('keeps a decomposed accent with its letter', () => {
    const text = 'cafe\u0301s';
    expect(marked(text, 'cafe')).toEqual(['cafe\u0301']);
    expect(
      highlight(text, 'cafe')
        .map((segment) => segment.text)
        .join(''),
    ).toBe(text);
  });

  it('gives the text back whole, marking nothing, for an empty query or no match', () => {
    expect(highlight('<b>bold</b> & co', '')).toEqual([{ text: '<b>bold</b> & co', mark: false }]);
    expect(highlight('nothing here', 'zzz')).toEqual([{ text: 'nothing here', mark: false }]);
    expect(highlight('', 'a')).toEqual([]);
    expect(queryWords('  "Café", (menu)  café ')).toEqual(['cafe', 'menu']);
  });

  it('marks words of any script, and digits', () => {
    expect(marked('Ошибка в файле 404', 'оши 40')).toEqual(['Оши', '40']);
  });
});

describe('exportName', () => {
  it('names the file after the agent and the title, in plain ASCII', () => {
    expect(
      exportName('claude', { title: 'Fix the café menu!', createdAt: '2025-05-01T10:00:00Z' }),
    ).toBe('claude-fix-the-cafe-menu.md');
    const long = exportName('codex', { title: 'word '.repeat(40), createdAt: '' });
    expect(long.length).toBeLessThanOrEqual('codex-'.length + 60 + '.md'.length);
    expect(long).toMatch(/^codex-word(-word)+\.md$/);
  });

  it('falls back to the day it started, then to "conversation"', () => {
    expect(exportName('claude', { title: '', createdAt: '2025-05-01T12:00:00Z' })).toBe(
      'claude-2025-05-01.md',
    );
    expect(exportName('claude', { title: '日本語', createdAt: '2025-05-01T12:00:00Z' })).toBe(
      'claude-2025-05-01.md',
    );
    expect(exportName('claude', { title: '', createdAt: 'not a date' })).toBe(
      'claude-conversation.md',
    );
  });
});
