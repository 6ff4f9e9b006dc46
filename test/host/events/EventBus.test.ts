import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../../host/events/EventBus.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { FakeSink, parseFrame } from './fakeSink.ts';

const state = (n: number): HostEvent => ({
  name: 'agent:state',
  data: { agent: `agent${n}`, state: 'ready', outdated: false },
});
const log = (n: number): HostEvent => ({ name: 'agent:log', data: { agent: 'a', line: `l${n}` } });

/** Publishes `count` events, alternating names, and returns their seqs. */
const publishMany = (bus: EventBus, count: number): number[] =>
  Array.from({ length: count }, (_, i) => bus.publish(i % 2 === 0 ? state(i) : log(i)));

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('publish', () => {
  it('stamps seqs from 1, one more per event whatever its name', () => {
    const bus = new EventBus();
    const sink = new FakeSink();
    bus.subscribe(undefined, sink);
    expect(bus.lastSeq).toBe(0);
    bus.publish(state(1));
    bus.publish(log(2));
    bus.publish({ name: 'config:changed', data: { path: '/c.yaml', valid: true, problems: [] } });
    expect(sink.seqs).toEqual([1, 2, 3]);
    expect(sink.frames.map((frame) => frame.name)).toEqual([
      'agent:state',
      'agent:log',
      'config:changed',
    ]);
    expect(bus.lastSeq).toBe(3);
  });

  it('writes exactly the notification of CONTRACT.md §3', () => {
    const bus = new EventBus();
    const sink = new FakeSink();
    bus.subscribe(undefined, sink);
    bus.publish(log(7));
    expect(JSON.parse(sink.raw[0]!)).toStrictEqual({
      jsonrpc: '2.0',
      method: 'event',
      params: { seq: 1, name: 'agent:log', data: { agent: 'a', line: 'l7' } },
    });
    expect(parseFrame(sink.raw[0]!)).toEqual({ seq: 1, name: 'agent:log', data: log(7).data });
  });

  it('builds the frame once for all subscribers', () => {
    const bus = new EventBus();
    const sinks = [new FakeSink(), new FakeSink(), new FakeSink()];
    for (const sink of sinks) bus.subscribe(undefined, sink);
    const stringify = vi.spyOn(JSON, 'stringify');
    bus.publish(state(1));
    expect(stringify).toHaveBeenCalledTimes(1);
    expect(sinks.map((sink) => sink.seqs)).toEqual([[1], [1], [1]]);
  });

  it('gives no seq to an event it cannot serialise', () => {
    const bus = new EventBus();
    bus.publish(state(1));
    const data = { agent: 'a', line: 'x', big: 1n } as unknown as { agent: string; line: string };
    expect(() => bus.publish({ name: 'agent:log', data })).toThrow();
    expect(bus.publish(state(2))).toBe(2);
  });

  it('refuses sizes that are not positive integers', () => {
    expect(() => new EventBus({ capacity: 0 })).toThrow(RangeError);
    expect(() => new EventBus({ maxQueuedFrames: 1.5 })).toThrow(RangeError);
    expect(() => new EventBus({ maxQueuedBytes: -1 })).toThrow(RangeError);
  });
});

describe('subscribe with since', () => {
  it('without since, sends live events only', () => {
    const bus = new EventBus();
    publishMany(bus, 3);
    const sink = new FakeSink();
    bus.subscribe(undefined, sink);
    expect(sink.raw).toEqual([]);
    publishMany(bus, 2);
    expect(sink.seqs).toEqual([4, 5]);
  });

  it('sends exactly the missing events, in order, then live ones', () => {
    const bus = new EventBus();
    publishMany(bus, 10);
    const sink = new FakeSink();
    bus.subscribe(6, sink);
    expect(sink.seqs).toEqual([7, 8, 9, 10]);
    publishMany(bus, 2);
    expect(sink.seqs).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('sends nothing to replay when since is the last seq', () => {
    const bus = new EventBus();
    publishMany(bus, 4);
    const sink = new FakeSink();
    bus.subscribe(4, sink);
    expect(sink.raw).toEqual([]);
    bus.publish(state(5));
    expect(sink.seqs).toEqual([5]);
  });

  it('replays everything held from since = 0 before the ring wraps', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 5);
    const sink = new FakeSink();
    bus.subscribe(0, sink);
    expect(sink.seqs).toEqual([1, 2, 3, 4, 5]);
  });

  it('streams a replay as the sink drains, interleaved with publishes, each event once', () => {
    const bus = new EventBus({ capacity: 100 });
    publishMany(bus, 20);
    const sink = new FakeSink('full');
    bus.subscribe(5, sink);
    expect(sink.seqs).toEqual([6]);
    publishMany(bus, 3);
    sink.drain('full');
    publishMany(bus, 3);
    sink.drain('full');
    sink.drain();
    expect(sink.seqs).toEqual(range(6, 26));
    bus.publish(state(0));
    expect(sink.seqs).toEqual(range(6, 27));
    expect(sink.violations).toBe(0);
  });
});

describe('resync', () => {
  it('comes first when since is older than the oldest event held, with seq = oldest held - 1', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 12);
    const sink = new FakeSink();
    bus.subscribe(6, sink);
    expect(sink.frames[0]).toEqual({ seq: 7, name: 'resync', data: {} });
    expect(sink.seqs).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('is not sent when since is just before the oldest event held', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 12);
    const sink = new FakeSink();
    bus.subscribe(7, sink);
    expect(sink.seqs).toEqual([8, 9, 10, 11, 12]);
    expect(sink.frames.some((frame) => frame.name === 'resync')).toBe(false);
  });

  it('comes for a since in the future, as after a host restart', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 3);
    const fresh = new FakeSink();
    bus.subscribe(40, fresh);
    expect(fresh.frames).toEqual([
      { seq: 0, name: 'resync', data: {} },
      ...[1, 2, 3].map((seq) => expect.objectContaining({ seq }) as unknown),
    ]);
    publishMany(bus, 9);
    const wrapped = new FakeSink();
    bus.subscribe(13, wrapped);
    expect(wrapped.frames[0]).toEqual({ seq: 7, name: 'resync', data: {} });
    expect(wrapped.seqs).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('carries the current seq when the host holds nothing yet', () => {
    const bus = new EventBus();
    const sink = new FakeSink();
    bus.subscribe(3, sink);
    expect(sink.frames).toEqual([{ seq: 0, name: 'resync', data: {} }]);
    bus.publish(state(1));
    expect(sink.seqs).toEqual([0, 1]);
  });

  it.each([-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('comes for since = %s', (since) => {
    const bus = new EventBus();
    publishMany(bus, 2);
    const sink = new FakeSink();
    bus.subscribe(since, sink);
    expect(sink.frames[0]).toEqual({ seq: 0, name: 'resync', data: {} });
    expect(sink.seqs).toEqual([0, 1, 2]);
  });

  it('carries a seq a client can resume from', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 12);
    const first = new FakeSink();
    bus.subscribe(1, first);
    const resumeFrom = first.seqs[0]!;
    const second = new FakeSink();
    bus.subscribe(resumeFrom, second);
    expect(second.seqs).toEqual(first.seqs.slice(1));
  });

  it('goes through a full sink first, before any event', () => {
    const bus = new EventBus({ capacity: 5 });
    publishMany(bus, 12);
    const sink = new FakeSink('full');
    bus.subscribe(1, sink);
    expect(sink.frames).toEqual([{ seq: 7, name: 'resync', data: {} }]);
    sink.drain();
    expect(sink.seqs).toEqual([7, 8, 9, 10, 11, 12]);
  });
});

describe('responses on the event stream', () => {
  it('sends a response after the events published before it, and before the later ones', () => {
    const bus = new EventBus();
    const sink = new FakeSink('full');
    const subscription = bus.subscribe(undefined, sink);
    publishMany(bus, 3); // the first is written, then the sink is full
    subscription.send('{"jsonrpc":"2.0","id":1,"result":"snapshot"}');
    publishMany(bus, 2);
    expect(sink.raw).toHaveLength(1);
    expect(subscription.queuedFrames).toBe(5);
    sink.drain();
    const kinds = sink.raw.map((raw) => {
      const message = JSON.parse(raw) as { id?: number; params?: { seq: number } };
      return message.id === undefined ? message.params!.seq : 'response';
    });
    expect(kinds).toEqual([1, 2, 3, 'response', 4, 5]);
  });

  it('sends a response at once to a client that keeps up, and nothing once closed', () => {
    const bus = new EventBus();
    const sink = new FakeSink();
    const subscription = bus.subscribe(undefined, sink);
    subscription.send('{"jsonrpc":"2.0","id":1,"result":null}');
    expect(sink.raw).toEqual(['{"jsonrpc":"2.0","id":1,"result":null}']);
    subscription.close();
    subscription.send('{"jsonrpc":"2.0","id":2,"result":null}');
    expect(sink.raw).toHaveLength(1);
  });
});
