import { assign, setup } from 'xstate';

export interface ConnectionContext {
  /** Failed attempts in a row: the next wait is `backoffMs(attempts)`. */
  attempts: number;
  /** The last event seq received: a reconnection resumes after it (`?since=`). */
  since: number;
}

export type ConnectionEvent =
  /** The event socket is open: events flow. */
  | { type: 'socket.opened' }
  /** The socket closed or could not open; `unauthorized` when the host refused the pairing. */
  | { type: 'socket.closed'; unauthorized: boolean }
  /** An event arrived with its seq. */
  | { type: 'event.received'; seq: number }
  /** The host no longer holds what followed `since`: snapshots must be reloaded. */
  | { type: 'resync.needed' }
  | { type: 'snapshots.loaded' }
  | { type: 'snapshots.failed' }
  /** The user paired (the session cookie is set) or asked to try now. */
  | { type: 'retry' };

/** 0.5 s, 1 s, 2 s … up to 30 s between attempts. */
export const backoffMs = (attempts: number): number =>
  Math.min(30_000, 500 * 2 ** Math.max(0, attempts - 1));

/**
 * The PWA's connection to its host: the event socket, reconnected with backoff and resumed with
 * `?since=` so that nothing is lost while a tablet sleeps (CONTRACT.md §3). Snapshots
 * (`AgentService.List`, `ChatService.Conversation`) are loaded on the first connection and on a
 * `resync`. A socket refused for its pairing waits in `unpaired` until the user pairs.
 * Effects are injected: `openSocket`, `closeSocket`, `loadSnapshots`.
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    /** `socketOpen`: the socket is open (calls go through), snapshots loaded or not. */
    tags: {} as 'socketOpen',
  },
  actions: {
    openSocket: (_, _params: { since: number }) => {},
    closeSocket: () => {},
    loadSnapshots: () => {},
    countFailure: assign({ attempts: ({ context }) => context.attempts + 1 }),
    resetFailures: assign({ attempts: 0 }),
    recordSeq: assign({
      since: ({ context, event }) =>
        event.type === 'event.received' ? Math.max(context.since, event.seq) : context.since,
    }),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempts),
  },
  guards: {
    unauthorized: ({ event }) => event.type === 'socket.closed' && event.unauthorized,
    neverLoaded: ({ context }) => context.since === 0,
  },
}).createMachine({
  id: 'connection',
  initial: 'connecting',
  context: { attempts: 0, since: 0 },
  states: {
    connecting: {
      entry: { type: 'openSocket', params: ({ context }) => ({ since: context.since }) },
      on: {
        'socket.opened': [
          { guard: 'neverLoaded', target: 'resyncing', actions: 'resetFailures' },
          { target: 'online', actions: 'resetFailures' },
        ],
        'socket.closed': [
          { guard: 'unauthorized', target: 'unpaired' },
          { target: 'offline', actions: 'countFailure' },
        ],
      },
    },
    online: {
      tags: ['socketOpen'],
      on: {
        'event.received': { actions: 'recordSeq' },
        'resync.needed': { target: 'resyncing' },
        'socket.closed': [{ guard: 'unauthorized', target: 'unpaired' }, { target: 'offline' }],
      },
    },
    resyncing: {
      tags: ['socketOpen'],
      entry: 'loadSnapshots',
      on: {
        'event.received': { actions: 'recordSeq' },
        'snapshots.loaded': { target: 'online' },
        'snapshots.failed': { target: 'offline', actions: ['closeSocket', 'countFailure'] },
        'socket.closed': [
          { guard: 'unauthorized', target: 'unpaired' },
          { target: 'offline', actions: 'countFailure' },
        ],
      },
    },
    offline: {
      after: { backoff: { target: 'connecting' } },
      on: { retry: { target: 'connecting' } },
    },
    unpaired: {
      on: { retry: { target: 'connecting', actions: 'resetFailures' } },
    },
  },
});
