import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../host/events/EventBus.ts';
import type { Sink } from '../../../host/events/EventBus.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { FakeSink } from './fakeSink.ts';

const log = (n: number): HostEvent => ({ name: 'agent:log', data: { agent: 'a', line: `l${n}` } });

const publishMany = (bus: EventBus, count: number): void => {
  for (let i = 0; i < count; i++) bus.publish(log(i));
};

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe('a subscriber whose sink stays full', () => {
  it('is dropped once past its bound, and the others get every event', () => {
    const bus = new EventBus({ capacity: 100, maxQueuedFrames: 10 });
    const stuck = new FakeSink('full');
    const stuckSubscription = bus.subscribe(undefined, stuck);
    const others = [new FakeSink(), new FakeSink('stutter')];
    for (const sink of others) bus.subscribe(undefined, sink);

    bus.publish(log(0));
    expect(stuck.seqs).toEqual([1]);
    for (let i = 2; i <= 11; i++) {
      bus.publish(log(i));
      expect(stuckSubscription.queuedFrames).toBe(i - 1);
      expect(stuckSubscription.queuedFrames).toBeLessThanOrEqual(10);
    }
    expect(stuck.closedWith).toBeUndefined();
    bus.publish(log(12));
    expect(stuck.closedWith).toBe('too-slow');
    expect(stuckSubscription.closed).toBe(true);
    expect(stuckSubscription.queuedFrames).toBe(0);
    expect(bus.subscriberCount).toBe(2);

    publishMany(bus, 30);
    stuck.drain();
    expect(stuck.seqs).toEqual([1]);
    expect(stuck.violations).toBe(0);
    for (const sink of others) expect(sink.seqs).toEqual(range(1, 42));
  });

  it('costs publish nothing: its sink is never written again after it said full', () => {
    const bus = new EventBus({ capacity: 1_000, maxQueuedFrames: 1_000 });
    let writes = 0;
    const stuck: Sink = {
      write: () => {
        writes++;
        return false;
      },
      onDrain: () => {},
      close: () => {},
    };
    bus.subscribe(undefined, stuck);
    const other = new FakeSink();
    bus.subscribe(undefined, other);
    for (let i = 0; i < 900; i++) expect(typeof bus.publish(log(i))).toBe('number');
    expect(writes).toBe(1);
    expect(other.seqs).toEqual(range(1, 900));
  });

  it('is dropped once the bytes it owes pass maxQueuedBytes', () => {
    const bus = new EventBus({ maxQueuedBytes: 1_000 });
    const stuck = new FakeSink('full');
    const subscription = bus.subscribe(undefined, stuck);
    const line = 'x'.repeat(100);
    let published = 0;
    while (stuck.closedWith === undefined) {
      bus.publish({ name: 'agent:log', data: { agent: 'a', line } });
      published++;
      if (!subscription.closed) expect(subscription.queuedBytes).toBeLessThanOrEqual(1_000);
    }
    const frameBytes = Buffer.byteLength(stuck.raw[0]!);
    expect(published - 1).toBe(Math.floor(1_000 / frameBytes) + 1);
    expect(subscription.queuedBytes).toBe(0);
  });

  it('lets a writable subscriber take a frame bigger than its byte bound', () => {
    const bus = new EventBus({ maxQueuedBytes: 10 });
    const sink = new FakeSink();
    bus.subscribe(undefined, sink);
    bus.publish(log(1));
    expect(sink.closedWith).toBeUndefined();
    expect(sink.seqs).toEqual([1]);
  });

  it('resumes without loss with since = the last seq it got', () => {
    const bus = new EventBus({ capacity: 500, maxQueuedFrames: 20 });
    const live = new FakeSink();
    bus.subscribe(undefined, live);
    const slow = new FakeSink();
    bus.subscribe(undefined, slow);
    publishMany(bus, 5);
    slow.mode = 'full';
    publishMany(bus, 100);
    expect(slow.closedWith).toBe('too-slow');

    const lastGot = slow.seqs.at(-1)!;
    const resumed = new FakeSink();
    bus.subscribe(lastGot, resumed);
    publishMany(bus, 7);
    const received = [...slow.seqs, ...resumed.seqs];
    expect(received).toEqual(range(1, bus.lastSeq));
    expect(live.seqs).toEqual(range(1, bus.lastSeq));
  });
});

describe('a replay slower than the ring', () => {
  it('is dropped as too slow when the ring overwrites a frame it has not sent', () => {
    const bus = new EventBus({ capacity: 10, maxQueuedFrames: 3 });
    publishMany(bus, 10);
    const sink = new FakeSink('full');
    const subscription = bus.subscribe(0, sink);
    sink.drain('full');
    expect(sink.seqs).toEqual([1, 2]);
    // A replay owes frames the ring holds anyway: maxQueuedFrames does not bound it.
    bus.publish(log(11));
    bus.publish(log(12));
    expect(subscription.queuedFrames).toBe(10);
    expect(sink.closedWith).toBeUndefined();
    bus.publish(log(13));
    expect(sink.closedWith).toBe('too-slow');

    const resumed = new FakeSink();
    bus.subscribe(sink.seqs.at(-1), resumed);
    expect(resumed.frames[0]).toEqual({ seq: 3, name: 'resync', data: {} });
    expect(resumed.seqs).toEqual(range(3, 13));
  });

  it('is bounded by maxQueuedFrames once it has caught up', () => {
    const bus = new EventBus({ capacity: 10, maxQueuedFrames: 3 });
    publishMany(bus, 5);
    const sink = new FakeSink();
    bus.subscribe(0, sink);
    sink.mode = 'full';
    publishMany(bus, 4);
    expect(sink.closedWith).toBeUndefined();
    bus.publish(log(0));
    expect(sink.closedWith).toBe('too-slow');
  });
});

describe('a client away during 10 000 events', () => {
  it('resubscribes with since and gets all of them exactly once, in order', async () => {
    const bus = new EventBus();
    const before = new FakeSink();
    const subscription = bus.subscribe(undefined, before);
    publishMany(bus, 3);
    subscription.close();
    publishMany(bus, 10_000);
    expect(before.seqs).toEqual([1, 2, 3]);

    // A transport that is full every 64 frames and drains on a later turn, like a socket.
    const received: number[] = [];
    let sinceDrain = 0;
    let onDrain = (): void => {};
    const sink: Sink = {
      write: (frame) => {
        received.push((JSON.parse(frame) as { params: { seq: number } }).params.seq);
        if (++sinceDrain < 64) return true;
        sinceDrain = 0;
        setImmediate(() => onDrain());
        return false;
      },
      onDrain: (listener) => {
        onDrain = listener;
      },
      close: () => {
        throw new Error('not too slow');
      },
    };
    bus.subscribe(3, sink);
    await expect.poll(() => received.length).toBe(10_000);
    expect(received).toEqual(range(4, 10_003));
  });
});

describe('Subscription.close', () => {
  it('detaches: nothing more is written, a later drain does nothing', () => {
    const bus = new EventBus();
    publishMany(bus, 5);
    const sink = new FakeSink('full');
    const subscription = bus.subscribe(0, sink);
    subscription.close();
    subscription.close();
    expect(bus.subscriberCount).toBe(0);
    sink.drain();
    publishMany(bus, 3);
    expect(sink.seqs).toEqual([1]);
    expect(sink.closedWith).toBeUndefined();
    expect(subscription.queuedFrames).toBe(0);
  });

  it('may be called from inside write()', () => {
    const bus = new EventBus();
    const other = new FakeSink();
    const seen: string[] = [];
    const subscription = bus.subscribe(undefined, {
      write: (frame) => {
        seen.push(frame);
        subscription.close();
        return true;
      },
      onDrain: () => {},
      close: () => {},
    });
    bus.subscribe(undefined, other);
    publishMany(bus, 3);
    expect(seen).toHaveLength(1);
    expect(other.seqs).toEqual([1, 2, 3]);
  });
});

describe('a sink whose write throws', () => {
  it('is dropped, and publish carries on for the others', () => {
    const bus = new EventBus();
    const closed: string[] = [];
    bus.subscribe(undefined, {
      write: () => {
        throw new Error('socket gone');
      },
      onDrain: () => {},
      close: (reason) => closed.push(reason),
    });
    const other = new FakeSink();
    bus.subscribe(undefined, other);
    expect(() => publishMany(bus, 2)).not.toThrow();
    expect(closed).toEqual(['write-failed']);
    expect(other.seqs).toEqual([1, 2]);
    expect(bus.subscriberCount).toBe(1);
  });
});
