/** A piece of a text: marked when it is the start of a word a query asked for. */
export interface Segment {
  text: string;
  mark: boolean;
}

/** A word: letters (with their combining accents) and digits. */
const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
const markPattern = /^\p{M}$/u;

/** One character as searches compare it: without accents, in lower case. */
const foldChar = (char: string): string =>
  char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** `text` as searches compare it, character by character (so positions map back). */
export const fold = (text: string): string => Array.from(text, foldChar).join('');

/** The words of a query, folded, longest first (the longest prefix that matches is marked). */
export function queryWords(query: string): string[] {
  const words = new Set(fold(query).match(wordPattern));
  return [...words].sort((a, b) => b.length - a.length);
}

/** How many characters of `word` the longest matching query word covers; 0 when none does. */
function matchedLength(word: string, words: readonly string[]): number {
  const folded = fold(word);
  const prefix = words.find((candidate) => folded.startsWith(candidate));
  if (prefix === undefined) return 0;
  let covered = 0;
  let length = 0;
  for (const char of word) {
    // A combining accent belongs with the letter before it.
    if (covered >= prefix.length && !markPattern.test(char)) break;
    covered += foldChar(char).length;
    length += char.length;
  }
  return length;
}

/**
 * `text` cut where the words of `query` start its words: each query word marks the prefix it
 * matches, case and accents aside. Plain text in, plain text out (the caller renders `<mark>`).
 *
 * @example
 * highlight('Le Café ouvre', 'cafe ouv')
 * // [{ text: 'Le ', mark: false }, { text: 'Café', mark: true }, { text: ' ', mark: false },
 * //  { text: 'ouv', mark: true }, { text: 're', mark: false }]
 */
export function highlight(text: string, query: string): Segment[] {
  const words = queryWords(query);
  const segments: Segment[] = [];
  const push = (piece: string, mark: boolean) => {
    if (piece !== '') segments.push({ text: piece, mark });
  };
  let last = 0;
  if (words.length > 0) {
    for (const match of text.matchAll(wordPattern)) {
      const length = matchedLength(match[0], words);
      if (length === 0) continue;
      push(text.slice(last, match.index), false);
      push(text.slice(match.index, match.index + length), true);
      last = match.index + length;
    }
  }
  push(text.slice(last), false);
  return segments;
}
