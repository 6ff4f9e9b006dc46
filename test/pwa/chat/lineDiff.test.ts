import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../../pwa/src/chat/lineDiff.ts';

describe('lineDiff', () => {
  it('numbers the changed lines in the old and the new file, with their context', () => {
    const old = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', ''].join('\n');
    const next = old.replace('two', 'TWO').replace('eight', 'eight\nnine');
    const { rows, added, removed } = lineDiff(old, next, 1);
    expect({ added, removed }).toEqual({ added: 2, removed: 1 });
    expect(rows).toEqual([
      { kind: 'hunk', oldStart: 1, newStart: 1 },
      { kind: 'same', text: 'one', oldLine: 1, newLine: 1 },
      { kind: 'del', text: 'two', oldLine: 2 },
      { kind: 'add', text: 'TWO', newLine: 2 },
      { kind: 'same', text: 'three', oldLine: 3, newLine: 3 },
      { kind: 'hunk', oldStart: 8, newStart: 8 },
      { kind: 'same', text: 'eight', oldLine: 8, newLine: 8 },
      { kind: 'add', text: 'nine', newLine: 9 },
    ]);
  });

  it('adds every line of a new file', () => {
    expect(lineDiff('', 'a\nb\n')).toEqual({
      rows: [
        { kind: 'add', text: 'a', newLine: 1 },
        { kind: 'add', text: 'b', newLine: 2 },
      ],
      added: 2,
      removed: 0,
    });
  });

  it('has no row when nothing changed, and skips the "no newline at end" marker', () => {
    expect(lineDiff('same\n', 'same\n').rows).toEqual([]);
    expect(lineDiff('a\nb', 'a\nc').rows.map((row) => row.kind)).toEqual([
      'hunk',
      'same',
      'del',
      'add',
    ]);
  });
});
