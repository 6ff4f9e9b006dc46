import { structuredPatch } from 'diff';

/** One row of a line diff: a changed or unchanged line, or the start of a hunk. */
export type DiffRow =
  | { kind: 'add' | 'del' | 'same'; text: string; oldLine?: number; newLine?: number }
  | { kind: 'hunk'; oldStart: number; newStart: number };

export interface LineDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

/** Past this many edits the diff is not worth its time: every old line out, every new one in. */
const maxEditLength = 5000;

const splitLines = (text: string): string[] => {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** Every line of `oldText` removed and every line of `newText` added (a new file, a huge change). */
function wholeDiff(oldText: string, newText: string): LineDiff {
  const removed = splitLines(oldText).map((text, index): DiffRow => ({
    kind: 'del',
    text,
    oldLine: index + 1,
  }));
  const added = splitLines(newText).map((text, index): DiffRow => ({
    kind: 'add',
    text,
    newLine: index + 1,
  }));
  return { rows: [...removed, ...added], added: added.length, removed: removed.length };
}

/**
 * The lines that changed from `oldText` to `newText`, with `context` unchanged lines around each
 * change, numbered in the old and the new file.
 *
 * @example
 * lineDiff('a\nb\n', 'a\nc\n').rows; // same a, del b, add c
 */
export function lineDiff(oldText: string, newText: string, context = 3): LineDiff {
  if (oldText === '') return wholeDiff(oldText, newText);
  const patch = structuredPatch('old', 'new', oldText, newText, undefined, undefined, {
    context,
    maxEditLength,
  });
  if (!patch) return wholeDiff(oldText, newText);
  const diff: LineDiff = { rows: [], added: 0, removed: 0 };
  for (const hunk of patch.hunks) {
    diff.rows.push({ kind: 'hunk', oldStart: hunk.oldStart, newStart: hunk.newStart });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const text = line.slice(1);
      if (line.startsWith('+')) {
        diff.rows.push({ kind: 'add', text, newLine: newLine++ });
        diff.added++;
      } else if (line.startsWith('-')) {
        diff.rows.push({ kind: 'del', text, oldLine: oldLine++ });
        diff.removed++;
      } else if (line.startsWith(' ')) {
        diff.rows.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
      }
      // `\ No newline at end of file` is not a line of either file.
    }
  }
  return diff;
}
