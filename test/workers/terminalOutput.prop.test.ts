/** A terminal's output keeps what a plain buffer of its last `limit` bytes would, however it comes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TerminalOutput } from '../../workers/terminalOutput.ts';

/** The model: everything written, its last `limit` bytes, cut on a character boundary. */
function model(written: Buffer, limit: number, bytes = limit) {
  const kept = written.subarray(Math.max(0, written.length - limit));
  const cut = kept.length > bytes;
  let tail = kept.subarray(cut ? kept.length - bytes : 0);
  const truncated = written.length > limit || cut;
  if (truncated) while (tail.length > 0 && (tail[0]! & 0xc0) === 0x80) tail = tail.subarray(1);
  return { text: tail.toString('utf8'), truncated };
}

const chunk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => Buffer.from(text)),
  fc.integer({ min: 0, max: 70_000 }).map((size) => Buffer.alloc(size, 'é'.charCodeAt(0) % 128)),
);

describe('a terminal’s output', () => {
  it('is the last limit bytes of what was written, read whole or by its tail', () => {
    fc.assert(
      fc.property(
        fc.array(chunk, { maxLength: 30 }),
        fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200_000 })),
        fc.integer({ min: 0, max: 100_000 }),
        (chunks, limit, tail) => {
          const output = new TerminalOutput(limit);
          for (const written of chunks) output.push(written);
          const all = Buffer.concat(chunks);
          expect(output.read()).toEqual(model(all, limit));
          expect(output.read(tail)).toEqual(model(all, limit, tail));
        },
      ),
      { numRuns: 300 },
    );
  });
});
