/**
 * Markdown whose raw HTML is text (CommonMark 0.31, GitHub's flavour): what an agent or a user
 * wrote is exported as Markdown, and a `<script>`, an `<img onerror>` or an `<iframe>` in it must
 * not come alive in whatever renders the file — the app shows them as text too.
 */

/** Whether `line` has at `at` a `<` that may begin HTML: a tag, a comment, an instruction… */
const startsHtml = (line: string, at: number): boolean =>
  line[at] === '<' && /[A-Za-z/!?]/.test(line[at + 1] ?? '');
/** A line with nothing that counts in CommonMark: it ends a paragraph, so a code span. */
const blank = /^[ \t]*$/;

interface Fence {
  char: '`' | '~';
  length: number;
}

/**
 * A fence that opens a code block wherever it is: at the start of the line, outside any list or
 * quote, which an indented fence may belong to (and end with) where a later line is not.
 */
function opening(line: string): Fence | undefined {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(line);
  if (!match) return undefined;
  const [, run = '', info = ''] = match;
  if (run.startsWith('`') && info.includes('`')) return undefined;
  return { char: run[0] as Fence['char'], length: run.length };
}

const closes = (line: string, fence: Fence): boolean => {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return match?.[1]?.[0] === fence.char && match[1].length >= fence.length;
};

/**
 * Whether the word before `at` may be a link GitHub makes of a bare URL or address, which takes
 * in the backticks after it (`https://a.com/`): no code span opens there.
 */
const inLink = (line: string, at: number): boolean => {
  const word = /\S*$/.exec(line.slice(0, at))![0];
  return /[:@]|www\./i.test(word);
};

/** Where the next run of exactly `length` backticks starts at or after `from`, or -1. */
function runAt(line: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let match = runs.exec(line); match; match = runs.exec(line)) {
    if (match[0].length === length) return match.index;
  }
  return -1;
}

/**
 * `line` with each `<` that may begin HTML written `&lt;`, which no parser takes for HTML, except in its code spans when
 * `spans`: only where a code span is sure to be one (no backtick earlier in its paragraph, which
 * could pair with one of the line's; no `|`, which splits a table's cells before their spans).
 */
function escapeLine(line: string, spans: boolean): string {
  let escaped = '';
  let at = 0;
  while (at < line.length) {
    const char = line[at]!;
    if (char === '\\' && !startsHtml(line, at + 1)) {
      escaped += line.slice(at, at + 2);
      at += 2;
    } else if (char === '\\') {
      // `\<` may not escape: GitHub's autolinks take a backslash into the link (`https://a\<b>`).
      at += 1;
    } else if (char === '`') {
      const run = /^`+/.exec(line.slice(at))![0];
      const close = spans && !inLink(line, at) ? runAt(line, at + run.length, run.length) : -1;
      const end = close === -1 ? at + run.length : close + run.length;
      escaped += line.slice(at, end);
      at = end;
    } else {
      escaped += startsHtml(line, at) ? '&lt;' : char;
      at += 1;
    }
  }
  return escaped;
}

/**
 * `markdown` with its raw HTML made text: every `<` that could begin HTML is `&lt;`, outside
 * fenced code blocks and sure code spans (which show it as it is). A fence left open is closed, so
 * that what follows the text in the export is never taken into it.
 *
 * @example
 * inertHtml('<img src=x onerror=alert(1)> and `<b>`') // '&lt;img src=x onerror=alert(1)> and `<b>`'
 */
export function inertHtml(markdown: string): string {
  const lines: string[] = [];
  let fence: Fence | undefined;
  let backticksBefore = false;
  // Every line ending CommonMark knows: a lone CR ends a line too.
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (fence) {
      if (closes(line, fence)) fence = undefined;
      lines.push(line);
      continue;
    }
    fence = opening(line);
    if (fence || blank.test(line)) {
      backticksBefore = false;
      lines.push(line);
      continue;
    }
    lines.push(escapeLine(line, !backticksBefore && !line.includes('|')));
    backticksBefore ||= line.includes('`');
  }
  if (fence) lines.push(fence.char.repeat(fence.length));
  return lines.join('\n');
}
