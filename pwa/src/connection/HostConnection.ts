import { createActor, type Actor } from 'xstate';
import { connectionMachine } from '../../../machines/connectionMachine.ts';
import { inspectionRecord } from '../../../machines/inspectionRecord.ts';
import type { ErrorKind } from '../../../schema/errors.ts';
import type { HostEvent } from '../../../schema/events.ts';
import type { InspectionRecord, InspectNotification } from '../../../schema/inspector.ts';
import type { RpcMethod, RpcParams, RpcResult } from '../../../schema/rpc.ts';
import { nextFrame } from './nextFrame.ts';

/** A refusal or failure of the host (CONTRACT.md §3): `message` is the sentence to show. */
export class HostError extends Error {
  override readonly name = 'HostError';
  constructor(
    message: string,
    readonly code: number,
    readonly kind: ErrorKind | 'offline' | undefined,
  ) {
    super(message);
  }
}

/** An event of the stream, or the `resync` marker. */
export type StreamEvent =
  (HostEvent & { seq: number }) | { seq: number; name: 'resync'; data: object };

export interface HostConnectionListener {
  /** An event of the stream, in seq order. */
  event(event: StreamEvent): void;
  /** Snapshots must be (re)loaded: the first connection, or a resync. Resolve once loaded. */
  loadSnapshots(): Promise<void>;
  /** The connection's state changed. */
  changed(): void;
  /** Inspection records of an agent this client watches (`InspectorService.Watch`). */
  inspect(notification: InspectNotification): void;
  /** An inspection record of the app's own connection actor. */
  inspectSelf(record: InspectionRecord): void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * The PWA's link to its host: one WebSocket for the calls and the events (a response comes after
 * the events published before it, so a snapshot and the events after it fit exactly), driven by
 * `machines/connectionMachine.ts`. Calls made while offline wait for the connection.
 */
export class HostConnection {
  readonly actor: Actor<typeof connectionMachine>;
  #socket: WebSocket | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #waiting: (() => void)[] = [];
  /** The latest event seq received: the machine hears of it at the next frame. */
  #seq = 0;

  constructor(
    private readonly listener: HostConnectionListener,
    private readonly base: URL = new URL(window.location.href),
  ) {
    let seq = 0;
    this.actor = createActor(
      connectionMachine.provide({
        actions: {
          openSocket: (_, { since }) => this.#open(since),
          closeSocket: () => this.#socket?.close(),
          // After the transition: the calls it makes see the socket `resyncing`, hence usable.
          loadSnapshots: () => {
            void Promise.resolve()
              .then(() => this.listener.loadSnapshots())
              .then(
                () => this.actor.send({ type: 'snapshots.loaded' }),
                () => this.actor.send({ type: 'snapshots.failed' }),
              );
          },
        },
      }),
      {
        // The app's own actor, for the inspector: kept in the page, never sent anywhere.
        inspect: (inspection) => {
          const machine = 'connection';
          const at = Date.now();
          const record = inspectionRecord(inspection, { actor: 'connection', machine, at });
          if (record) this.listener.inspectSelf({ ...record, seq: ++seq });
        },
      },
    );
    this.actor.subscribe(() => {
      if (this.online) for (const resume of this.#waiting.splice(0)) resume();
      this.listener.changed();
    });
  }

  start(): void {
    this.actor.start();
  }

  stop(): void {
    this.actor.stop();
    this.#socket?.close();
  }

  /** The socket is open (snapshots may still be loading). */
  get online(): boolean {
    return this.actor.getSnapshot().hasTag('socketOpen');
  }

  /** Calls `method` on the host; waits for the connection if it is down. */
  async call<M extends RpcMethod>(method: M, ...params: RpcParams<M>): Promise<RpcResult<M>> {
    if (!this.online || this.#socket?.readyState !== WebSocket.OPEN) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    // A trailing optional param given as `undefined` is left out: JSON would make it `null`.
    const sent: unknown[] = [...params];
    while (sent.length > 0 && sent.at(-1) === undefined) sent.pop();
    const id = this.#nextId++;
    return new Promise<RpcResult<M>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#socket?.send(JSON.stringify({ jsonrpc: '2.0', id, method, params: sent }));
    });
  }

  /** Try now rather than at the end of the backoff (or after pairing). */
  retry(): void {
    this.actor.send({ type: 'retry' });
  }

  #open(since: number): void {
    const url = new URL('/api/ws', this.base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (since > 0) url.searchParams.set('since', String(since));
    const socket = new WebSocket(url);
    this.#socket = socket;
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
      this.actor.send({ type: 'socket.opened' });
    });
    socket.addEventListener('message', (message: MessageEvent<string>) =>
      this.#receive(message.data),
    );
    socket.addEventListener('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      // Resumed after the last event this socket brought.
      this.#flushSeq();
      for (const pending of this.#pending.values()) {
        pending.reject(new HostError('offline', 0, 'offline'));
      }
      this.#pending.clear();
      if (opened) return this.actor.send({ type: 'socket.closed', unauthorized: false });
      // A refused upgrade looks like any failure: ask the host whether the pairing is the cause.
      void this.#unauthorized().then((unauthorized) =>
        this.actor.send({ type: 'socket.closed', unauthorized }),
      );
    });
  }

  async #unauthorized(): Promise<boolean> {
    try {
      const response = await fetch(new URL('/api/rpc', this.base), {
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'AgentService.List', params: [] }),
      });
      return response.status === 401;
    } catch {
      return false;
    }
  }

  /**
   * Notes an event's seq; the machine hears of the latest once a frame (and before the socket
   * closes or a resync), not of each of a stream's events: a reconnection needs the last one only.
   */
  #received(seq: number): void {
    this.#seq = Math.max(this.#seq, seq);
    nextFrame(this.#flushSeq);
  }

  readonly #flushSeq = (): void => {
    const { status, context } = this.actor.getSnapshot();
    if (status === 'active' && this.#seq > context.since) {
      this.actor.send({ type: 'event.received', seq: this.#seq });
    }
  };

  #receive(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: StreamEvent;
      result?: unknown;
      error?: { code: number; message: string; data?: { kind?: ErrorKind } };
    };
    if (message.method === 'inspect' && message.params) {
      this.listener.inspect(message.params as unknown as InspectNotification);
      return;
    }
    if (message.method === 'event' && message.params) {
      const event = message.params;
      this.#received(event.seq);
      if (event.name === 'resync') {
        this.#flushSeq();
        this.actor.send({ type: 'resync.needed' });
      } else this.listener.event(event);
      return;
    }
    const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
    if (!pending || message.id === undefined) return;
    this.#pending.delete(message.id);
    if (message.error) {
      const { code, message: text, data } = message.error;
      pending.reject(new HostError(text, code, data?.kind));
    } else {
      pending.resolve(message.result);
    }
  }
}
