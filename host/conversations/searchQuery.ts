/**
 * What the conversations' full-text index holds, how a person's query becomes FTS5 syntax
 * (https://sqlite.org/fts5.html#full_text_query_syntax) that can never be a syntax error, and the
 * snippet a hit shows.
 */
import type { MessagePart } from '../../schema/conversation.ts';

/** More words than this are dropped: a query is typed by a person, not pasted by a program. */
const maxWords = 16;

/** How many words a snippet shows. */
const snippetWords = 16;

/** Control characters end an FTS5 string early (a NUL is an "unterminated string"). */
const controlCharacters = /\p{Cc}/gu;
/** A word is searchable when it holds at least one letter or digit. */
const searchable = /[\p{L}\p{N}]/u;

/**
 * The text of a message the index holds: its text and thought parts, and its tool calls' titles
 * and outputs, one per line.
 */
export function searchableText(parts: readonly MessagePart[]): string {
  const pieces: string[] = [];
  for (const part of parts) {
    if (part.kind === 'text' || part.kind === 'thought') pieces.push(part.text);
    else if (part.kind === 'tool') pieces.push(part.tool.title, part.tool.output);
  }
  return pieces.filter((piece) => piece !== '').join('\n');
}

/**
 * The FTS5 query for what a person typed: each word a quoted prefix term, all of them required.
 * `undefined` when nothing in it can be searched (empty, or only punctuation).
 *
 * @example
 * ftsQuery('say "hi" café') // '"say"* """hi"""* "café"*'
 * ftsQuery(' -- ') // undefined
 */
export function ftsQuery(query: string): string | undefined {
  const terms = queryWords(query).map((word) => `"${word.replaceAll('"', '""')}"*`);
  return terms.length === 0 ? undefined : terms.join(' ');
}

/**
 * About `snippetWords` words of `text` around the first one that `query` matches, as one line of
 * plain text, with `…` where it was cut. Words match as the index's tokenizer (`unicode61
 * remove_diacritics 2`) has them: case and accents aside, a query word starting a text word.
 *
 * @example
 * snippet('the café is ready now', 'CAFE') // 'the café is ready now'
 */
export function snippet(text: string, query: string): string {
  const terms = queryWords(query).flatMap((word) =>
    [...tokensOf(word)].map(({ folded }) => folded),
  );
  const tokens: Token[] = [];
  let found: number | undefined;
  for (const token of tokensOf(text)) {
    tokens.push(token);
    if (found === undefined && terms.some((term) => token.folded.startsWith(term))) {
      found = tokens.length - 1;
    }
    // One word past the snippet is enough to know it is cut there.
    if (found !== undefined && tokens.length > found + snippetWords) break;
  }
  if (tokens.length === 0) return '';
  const first = Math.max(0, Math.min((found ?? 0) - 3, tokens.length - snippetWords));
  const last = Math.min(tokens.length, first + snippetWords) - 1;
  const words = text.slice(tokens[first]!.start, tokens[last]!.end).replace(/\s+/gu, ' ');
  return `${first > 0 ? '…' : ''}${words}${last < tokens.length - 1 ? '…' : ''}`;
}

interface Token {
  start: number;
  end: number;
  /** Lower case, accents removed. */
  folded: string;
}

/** The words of `text`, the way unicode61 splits them: letters, digits and their marks. */
function* tokensOf(text: string): Generator<Token> {
  for (const match of text.matchAll(/[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu)) {
    const folded = match[0].normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    yield { start: match.index, end: match.index + match[0].length, folded };
  }
}

/** The words of what a person typed that can be searched, control characters aside. */
function queryWords(query: string): string[] {
  return query
    .replace(controlCharacters, ' ')
    .split(/\s+/u)
    .filter((word) => searchable.test(word))
    .slice(0, maxWords);
}
