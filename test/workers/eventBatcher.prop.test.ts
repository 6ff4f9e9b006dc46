import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConversationEvent } from '../../schema/conversation.ts';
import { batchBounds, EventBatcher } from '../../workers/EventBatcher.ts';

type Step =
  | { push: ConversationEvent }
  /** The event loop's next turn: the batcher's scheduled flushes run. */
  | { turn: true }
  /** A lifecycle event goes out: what waits goes first. */
  | { flush: true };

const delta = fc.record({
  messageId: fc.constantFrom('m1', 'm2'),
  index: fc.constantFrom(0, 1),
  text: fc.string({ minLength: 1, maxLength: 300 }),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: delta.map(({ messageId, index, text }): Step => ({
      push: { name: 'message:delta', data: { agent: 'a', messageId, index, kind: 'text', text } },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.nat(9).map((queued): Step => ({
      push: { name: 'turn:changed', data: { agent: 'a', busy: true, queued } },
    })),
  },
  { weight: 2, arbitrary: fc.constant<Step>({ turn: true }) },
  { weight: 1, arbitrary: fc.constant<Step>({ flush: true }) },
);

/** Adjacent deltas to the same part made one: what two equivalent streams both reduce to. */
function canonical(events: readonly ConversationEvent[]): ConversationEvent[] {
  const out: ConversationEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (
      last?.name === 'message:delta' &&
      event.name === 'message:delta' &&
      last.data.messageId === event.data.messageId &&
      last.data.index === event.data.index
    ) {
      out[out.length - 1] = {
        ...last,
        data: { ...last.data, text: `${last.data.text ?? ''}${event.data.text ?? ''}` },
      };
    } else {
      out.push(event);
    }
  }
  return out;
}

describe('EventBatcher', () => {
  it('sends everything once, in order, the first of a quiet moment at once, in bounded batches', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const batches: ConversationEvent[][] = [];
        let scheduled: (() => void)[] = [];
        const batcher = new EventBatcher(
          (events) => batches.push(events),
          (task) => scheduled.push(task),
        );
        const pushed: ConversationEvent[] = [];
        let quiet = true;
        for (const item of steps) {
          if ('push' in item) {
            const before = batches.length;
            batcher.push(item.push);
            pushed.push(item.push);
            if (quiet) expect(batches.slice(before)).toEqual([[item.push]]);
            quiet = false;
          } else if ('turn' in item) {
            const tasks = scheduled;
            scheduled = [];
            for (const task of tasks) task();
            quiet = scheduled.length === 0;
          } else {
            batcher.flush();
          }
        }
        batcher.flush();
        expect(canonical(batches.flat())).toEqual(canonical(pushed));
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(batchBounds.events);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a flood read in one go into batches of at most 64 KiB of text (and one chunk)', () => {
    const batches: ConversationEvent[][] = [];
    const batcher = new EventBatcher(
      (events) => batches.push(events),
      () => {},
    );
    const chunk = 'x'.repeat(4000);
    for (let i = 0; i < 100; i++) {
      batcher.push({
        name: 'message:delta',
        data: { agent: 'a', messageId: 'm', index: 0, kind: 'text', text: chunk },
      });
    }
    batcher.flush();
    const lengths = batches.map((batch) =>
      batch.reduce(
        (sum, event) => sum + (event.name === 'message:delta' ? (event.data.text?.length ?? 0) : 0),
        0,
      ),
    );
    expect(lengths[0]).toBe(4000); // the first, alone and at once
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(400_000);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(batchBounds.textLength + chunk.length);
    expect(batches.length).toBeGreaterThan(5);
  });
});
