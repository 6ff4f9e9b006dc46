/** Small Markdown helpers for the built-in agent's answers. */
import type { Say } from '../../locales/translate.ts';

/**
 * A fenced code block around `text`, with a fence longer than any run of
 * backticks inside it.
 */
export function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text.replace(/\n$/, '')}\n${marks}`;
}

/** Inline code, safe for text that holds backticks. */
export function code(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  return longest > 0 ? `${marks} ${text} ${marks}` : `${marks}${text}${marks}`;
}

/** A byte count for people: `812 bytes`, `4.2 KB`, `1.3 MB` (`4,2 Ko` in French). */
export function size(t: Say, bytes: number): string {
  if (bytes < 1024) return t('builtin.size.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return t('builtin.size.kb', { value: bytes / 1024 });
  return t('builtin.size.mb', { value: bytes / 1024 / 1024 });
}
