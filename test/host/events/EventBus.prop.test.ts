import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { EventBus, type Subscription } from '../../../host/events/EventBus.ts';
import type { HostEvent } from '../../../schema/events.ts';
import { FakeSink, type SinkMode } from './fakeSink.ts';

interface Setup {
  capacity: number;
  maxQueuedFrames: number;
  maxQueuedBytes: number;
}

/** The published events, as the contract frames them: all the model needs. */
interface Model extends Setup {
  bytes: number[];
}

/** A client across its connections: where it stands in the stream, checked frame by frame. */
interface Client {
  sink: FakeSink;
  subscription: Subscription;
  /** Frames of `sink` already checked. */
  checked: number;
  /** Seq of the last frame it got (an event, or a resync), or where it asked to start. */
  position: number;
  /** This connection must begin with a resync carrying this seq. */
  resyncAt: number | undefined;
  /** Owed nothing at some point of this connection: from then on its queue bounds apply. */
  caughtUp: boolean;
}

interface Real {
  bus: EventBus;
  clients: Client[];
}

const lastSeq = (m: Model) => m.bytes.length;
const oldestHeld = (m: Model) => Math.max(1, lastSeq(m) - m.capacity + 1);
const owedBytes = (m: Model, after: number) =>
  m.bytes.slice(after).reduce((sum, bytes) => sum + bytes, 0);

/** Reads the frames a client got since the last check; each must follow its position. */
const consume = (m: Model, client: Client) => {
  const { sink } = client;
  expect(sink.violations).toBe(0);
  for (const frame of sink.frames.slice(client.checked)) {
    if (frame.name === 'resync') {
      expect(client.checked).toBe(0);
      expect(frame).toEqual({ seq: client.resyncAt, name: 'resync', data: {} });
    } else {
      if (client.checked === 0) expect(client.resyncAt).toBeUndefined();
      expect(frame.seq).toBe(client.position + 1);
    }
    client.position = frame.seq;
    client.checked++;
  }
  expect(client.position).toBeLessThanOrEqual(lastSeq(m));
  if (client.subscription.closed) return;
  const owed = lastSeq(m) - client.position;
  if (owed === 0) client.caughtUp = true;
  // A sink that takes frames is never left owed anything: replay and live frames flow through.
  if (!sink.blocked) expect(owed).toBe(0);
  expect(client.subscription.queuedFrames).toBe(owed);
  expect(client.subscription.queuedBytes).toBe(owedBytes(m, client.position));
  if (client.caughtUp) {
    expect(owed).toBeLessThanOrEqual(m.maxQueuedFrames);
    expect(client.subscription.queuedBytes).toBeLessThanOrEqual(m.maxQueuedBytes);
  }
};

const checkAll = (m: Model, r: Real) => {
  for (const client of r.clients) consume(m, client);
};

const connect = (m: Model, r: Real, since: number | undefined, mode: SinkMode): Client => {
  const servable =
    since === undefined ||
    (Number.isSafeInteger(since) && since >= oldestHeld(m) - 1 && since <= lastSeq(m));
  const sink = new FakeSink(mode);
  const client: Client = {
    sink,
    subscription: r.bus.subscribe(since, sink),
    checked: 0,
    position: servable ? (since ?? lastSeq(m)) : Number.NaN,
    resyncAt: servable ? undefined : oldestHeld(m) - 1,
    caughtUp: false,
  };
  consume(m, client);
  return client;
};

type Cmd = fc.Command<Model, Real>;

const command = (name: string, run: (m: Model, r: Real) => void): Cmd => ({
  check: () => true,
  run: (m, r) => {
    run(m, r);
    checkAll(m, r);
  },
  toString: () => name,
});

const clientAt = (r: Real, pick: number) =>
  r.clients.length === 0 ? undefined : r.clients[pick % r.clients.length];

const publish = (lines: number[]) =>
  command(`publish(${lines.join(',')})`, (m, r) => {
    for (const length of lines) {
      const event: HostEvent = {
        name: 'agent:log',
        data: { agent: 'a', line: 'x'.repeat(length) },
      };
      const before = r.clients.map((client) => ({
        blocked: client.sink.blocked && !client.subscription.closed,
        caughtUp: client.caughtUp,
      }));
      expect(r.bus.publish(event)).toBe(lastSeq(m) + 1);
      const params = { seq: lastSeq(m) + 1, ...event };
      m.bytes.push(Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', method: 'event', params })));
      r.clients.forEach((client, index) => {
        const { blocked, caughtUp } = before[index]!;
        if (!blocked) return;
        const owed = lastSeq(m) - client.position;
        const dropped =
          client.position + 1 < oldestHeld(m) ||
          (caughtUp &&
            (owed > m.maxQueuedFrames || owedBytes(m, client.position) > m.maxQueuedBytes));
        expect(client.subscription.closed).toBe(dropped);
        expect(client.sink.closedWith).toBe(dropped ? 'too-slow' : undefined);
      });
      checkAll(m, r);
    }
  });

const newClient = (since: number | undefined, mode: SinkMode) =>
  command(`connect(${since}, ${mode})`, (m, r) => {
    if (r.clients.length < 5) r.clients.push(connect(m, r, since, mode));
  });

/** A client whose connection ended comes back with `?since=` the last seq it got. */
const reconnect = (pick: number, mode: SinkMode) =>
  command(`reconnect(${pick}, ${mode})`, (m, r) => {
    const client = clientAt(r, pick);
    if (!client?.subscription.closed) return;
    const since = Number.isNaN(client.position) ? undefined : client.position;
    const next = connect(m, r, since, mode);
    expect(next.resyncAt === undefined).toBe(since === undefined || since + 1 >= oldestHeld(m));
    r.clients[r.clients.indexOf(client)] = next;
  });

const setMode = (pick: number, mode: SinkMode) =>
  command(`mode(${pick}, ${mode})`, (_m, r) => {
    const client = clientAt(r, pick);
    if (client) client.sink.mode = mode;
  });

const drain = (pick: number, mode: SinkMode) =>
  command(`drain(${pick}, ${mode})`, (_m, r) => clientAt(r, pick)?.sink.drain(mode));

const leave = (pick: number) =>
  command(`leave(${pick})`, (_m, r) => clientAt(r, pick)?.subscription.close());

const setup: fc.Arbitrary<Setup> = fc.record({
  capacity: fc.integer({ min: 1, max: 8 }),
  maxQueuedFrames: fc.integer({ min: 1, max: 10 }),
  maxQueuedBytes: fc.integer({ min: 60, max: 600 }),
});

const mode = fc.constantFrom<SinkMode>('open', 'full', 'full', 'stutter');
const pick = fc.nat(9);
const commands = fc.commands(
  [
    fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }).map(publish),
    fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }).map(publish),
    fc
      .tuple(fc.option(fc.integer({ min: -1, max: 30 }), { nil: undefined }), mode)
      .map(([since, m]) => newClient(since, m)),
    fc.tuple(pick, mode).map(([p, m]) => reconnect(p, m)),
    fc.tuple(pick, mode).map(([p, m]) => setMode(p, m)),
    fc.tuple(pick, mode).map(([p, m]) => drain(p, m)),
    fc.tuple(pick, mode).map(([p, m]) => drain(p, m)),
    pick.map(leave),
  ],
  { maxCommands: 80, size: 'medium' },
);

describe('the event bus, with subscribers that read at any pace', () => {
  test.prop([setup, commands], { numRuns: 300 })(
    'each client gets a contiguous run of seqs after its since (or a resync, then one), each once, until dropped exactly when past its bound',
    (s, cmds) => {
      fc.modelRun(
        () => ({ model: { ...s, bytes: [] }, real: { bus: new EventBus(s), clients: [] } }),
        cmds,
      );
    },
  );
});
