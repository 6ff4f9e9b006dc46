import type { AddressInfo } from 'node:net';
import { setImmediate as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { EventBus, type Sink, type Subscription } from '../../../host/events/EventBus.ts';

const tooSlow = 1013;

/**
 * A sink over ws as the server may build one: full past a high-water mark of `bufferedAmount`,
 * drained when a send completes under the low-water mark (ws has no drain event of its own).
 */
const socketSink = (socket: WebSocket, highWaterMark = 64 * 1024, lowWaterMark = 16 * 1024) => {
  let full = false;
  let drained = (): void => {};
  const sent = (): void => {
    if (full && socket.bufferedAmount <= lowWaterMark) {
      full = false;
      drained();
    }
  };
  const sink: Sink = {
    write(frame) {
      socket.send(frame, sent);
      full = socket.bufferedAmount > highWaterMark;
      return !full;
    },
    onDrain(listener) {
      drained = listener;
    },
    close(reason) {
      socket.close(tooSlow, reason);
    },
  };
  return sink;
};

/** A client of a real ws server whose connections subscribe to `bus` with `?since=`. */
interface Client {
  socket: WebSocket;
  seqs: number[];
  closed: Promise<number>;
}

const servers: WebSocketServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    for (const socket of server.clients) socket.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
});

const serve = async (bus: EventBus) => {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  const subscriptions: Subscription[] = [];
  server.on('connection', (socket, request) => {
    const since = new URL(request.url ?? '/', 'http://host').searchParams.get('since');
    const subscription = bus.subscribe(
      since === null ? undefined : Number(since),
      socketSink(socket),
    );
    subscriptions.push(subscription);
    socket.on('close', () => subscription.close());
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const connect = async (since?: number): Promise<Client> => {
    const query = since === undefined ? '' : `?since=${since}`;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/${query}`);
    const seqs: number[] = [];
    socket.on('message', (data) => {
      seqs.push(
        (JSON.parse((data as Buffer).toString('utf8')) as { params: { seq: number } }).params.seq,
      );
    });
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const subscribed = subscriptions.length + 1;
    await new Promise((resolve) => socket.once('open', resolve));
    await expect.poll(() => subscriptions.length).toBe(subscribed);
    return { socket, seqs, closed };
  };
  return { connect, subscriptions };
};

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe('the event bus over a real ws connection', () => {
  it('drops a client that stops reading, keeps the others going, and lets it resume without loss', async () => {
    const bus = new EventBus({ maxQueuedFrames: 1_000 });
    const { connect, subscriptions } = await serve(bus);
    const reader = await connect();
    const stalled = await connect();
    stalled.socket.pause();

    // Big frames fill the kernel's buffers of a loopback socket within a few hundred events.
    const line = 'x'.repeat(16 * 1024);
    for (let i = 0; i < 3_000 && subscriptions[1]?.closed !== true; i++) {
      bus.publish({ name: 'agent:log', data: { agent: 'a', line } });
      if (i % 50 === 0) await turn();
    }
    expect(subscriptions[1]?.closed).toBe(true);
    const published = bus.lastSeq;
    await expect.poll(() => reader.seqs.length).toBe(published);
    expect(reader.seqs).toEqual(range(1, published));

    stalled.socket.resume();
    expect(await stalled.closed).toBe(tooSlow);
    expect(stalled.seqs).toEqual(range(1, stalled.seqs.length));
    expect(stalled.seqs.length).toBeLessThan(published);

    const resumed = await connect(stalled.seqs.at(-1));
    bus.publish({ name: 'agent:log', data: { agent: 'a', line: 'after' } });
    await expect.poll(() => stalled.seqs.length + resumed.seqs.length).toBe(published + 1);
    expect([...stalled.seqs, ...resumed.seqs]).toEqual(range(1, published + 1));
    reader.socket.close();
    resumed.socket.close();
  });
});
