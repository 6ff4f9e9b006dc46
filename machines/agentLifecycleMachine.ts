import { assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import {
  agentStates,
  type AgentFailure,
  type AgentState,
  type ProcessExit,
} from '../schema/agents.ts';

/** The delays of REFERENCE.md, in milliseconds. Tests may shorten them; nothing else should. */
export interface LifecycleTimings {
  /** How long `initialize` may take before the start fails. */
  handshakeTimeoutMs: number;
  /** From closing stdin to SIGTERM. */
  stopGraceMs: number;
  /** From SIGTERM to SIGKILL. */
  killGraceMs: number;
}

export const referenceTimings: LifecycleTimings = {
  handshakeTimeoutMs: 30_000,
  stopGraceMs: 5_000,
  killGraceMs: 3_000,
};

export interface LifecycleContext {
  timings: LifecycleTimings;
  /** Conversations currently using the agent: `busy` while there is one. */
  users: number;
  /** The definition changed in the configuration since this process started. */
  outdated: boolean;
  failure: AgentFailure | null;
  exit: ProcessExit | null;
}

export type LifecycleEvent =
  | { type: 'agent.start' }
  | { type: 'agent.handshakeSucceeded' }
  | { type: 'agent.handshakeFailed'; failure: AgentFailure }
  | ({ type: 'agent.exited' } & ProcessExit)
  | { type: 'agent.use' }
  | { type: 'agent.release' }
  | { type: 'agent.stop' }
  | { type: 'agent.idleStop' }
  | { type: 'agent.evict' }
  | { type: 'agent.definitionChanged' };

export type Signal = 'SIGTERM' | 'SIGKILL';

/**
 * What a lifecycle state says of the agent: its wire state (each top state carries its own
 * name), `holdsPlace` while it has a process, `stopping` while that process is on its way out (a
 * stop requested or running, or a failed start stopping its process).
 */
export type LifecycleTag = AgentState | 'holdsPlace' | 'stopping';

export interface LifecycleInput {
  timings: Partial<LifecycleTimings>;
}

const exitOf = (event: LifecycleEvent): ProcessExit =>
  event.type === 'agent.exited'
    ? { code: event.code, signal: event.signal }
    : { code: null, signal: null };

/** The stop sequence of REFERENCE.md, entered from any running state; it ends when the process exits. */
const stopSequence = (exitTarget: string) =>
  ({
    initial: 'closingStdin',
    tags: ['stopping'],
    on: {
      'agent.exited': {
        target: exitTarget,
        actions: ['recordExit', { type: 'signalGroup', params: { signal: 'SIGKILL' } }],
      },
    },
    states: {
      closingStdin: { entry: 'closeStdin', after: { stopGrace: 'terminating' } },
      terminating: {
        entry: { type: 'signalGroup', params: { signal: 'SIGTERM' } },
        after: { killGrace: 'killing' },
      },
      killing: { entry: { type: 'signalGroup', params: { signal: 'SIGKILL' } } },
    },
  }) as const;

/** The process exited on its own while running: a crash, whatever is left of its group is killed. */
const crash = {
  target: '#agentLifecycle.error',
  actions: ['recordExit', 'recordCrash', { type: 'signalGroup', params: { signal: 'SIGKILL' } }],
} as const;

/**
 * The lifecycle of one agent, mirroring `statecharts/agentLifecycle.ts` row for row.
 *
 * Effects are named, not bound: the agent worker provides `spawnAgent`, `closeStdin` and
 * `signalGroup` (to the agent's process group) with `machine.provide`, and feeds back what the
 * process does (`agent.handshakeSucceeded`, `agent.handshakeFailed`, `agent.exited`). Time comes
 * from the actor's clock. A stopping agent keeps its state (`ready`, `busy`, `starting`) until its
 * process has exited: `stopped` and `error` always mean "no process".
 *
 * @example
 * const actor = createActor(agentLifecycleMachine.provide({ actions: { spawnAgent, closeStdin, signalGroup } }));
 * actor.start();
 * actor.send({ type: 'agent.start' });
 */
export const agentLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
    tags: {} as LifecycleTag,
  },
  actions: {
    spawnAgent: () => {},
    closeStdin: () => {},
    signalGroup: (_, _params: { signal: Signal }) => {},
    resetRun: assign({ users: 0, outdated: false, failure: null, exit: null }),
    recordExit: assign({ exit: ({ event }) => exitOf(event) }),
    recordCrash: assign({
      failure: ({ event }): AgentFailure => ({ kind: 'crashed', ...exitOf(event) }),
    }),
    recordExitDuringStart: assign({
      failure: ({ event }): AgentFailure => ({ kind: 'exited-during-start', ...exitOf(event) }),
    }),
    recordFailure: assign({
      failure: ({ event }) => (event.type === 'agent.handshakeFailed' ? event.failure : null),
    }),
    recordTimeout: assign({
      failure: ({ context }): AgentFailure => ({
        kind: 'handshake-timeout',
        seconds: context.timings.handshakeTimeoutMs / 1000,
      }),
    }),
    addUser: assign({ users: ({ context }) => context.users + 1 }),
    removeUser: assign({ users: ({ context }) => Math.max(0, context.users - 1) }),
    markOutdated: assign({ outdated: true }),
    // `outdated` marks a running agent (REFERENCE.md): one without a process is not.
    clearOutdated: assign({ outdated: false }),
  },
  guards: {
    isLastUser: ({ context }) => context.users <= 1,
    stopRequested: stateIn({ starting: { handshake: 'stopRequested' } }),
  },
  delays: {
    handshakeTimeout: ({ context }) => context.timings.handshakeTimeoutMs,
    stopGrace: ({ context }) => context.timings.stopGraceMs,
    killGrace: ({ context }) => context.timings.killGraceMs,
  },
}).createMachine({
  id: 'agentLifecycle',
  initial: 'stopped',
  context: ({ input }) => ({
    timings: { ...referenceTimings, ...input.timings },
    users: 0,
    outdated: false,
    failure: null,
    exit: null,
  }),
  states: {
    stopped: {
      tags: ['stopped'],
      entry: 'clearOutdated',
      on: { 'agent.start': { target: 'starting' } },
    },
    starting: {
      tags: ['starting', 'holdsPlace'],
      entry: ['resetRun', 'spawnAgent'],
      on: { 'agent.definitionChanged': { actions: 'markOutdated' } },
      initial: 'handshake',
      states: {
        handshake: {
          initial: 'pending',
          after: {
            handshakeTimeout: [
              { guard: 'stopRequested', target: 'stopping' },
              { target: 'failing', actions: 'recordTimeout' },
            ],
          },
          states: {
            pending: {
              on: {
                'agent.stop': { target: 'stopRequested' },
                'agent.handshakeSucceeded': { target: '#agentLifecycle.ready' },
                'agent.handshakeFailed': {
                  target: '#agentLifecycle.starting.failing',
                  actions: 'recordFailure',
                },
                'agent.exited': {
                  target: '#agentLifecycle.error',
                  actions: [
                    'recordExit',
                    'recordExitDuringStart',
                    { type: 'signalGroup', params: { signal: 'SIGKILL' } },
                  ],
                },
              },
            },
            // The start runs to its end, then the stop sequence follows (REFERENCE.md, last row).
            stopRequested: {
              tags: ['stopping'],
              on: {
                'agent.handshakeSucceeded': { target: '#agentLifecycle.starting.stopping' },
                'agent.handshakeFailed': { target: '#agentLifecycle.starting.stopping' },
                'agent.exited': {
                  target: '#agentLifecycle.stopped',
                  actions: ['recordExit', { type: 'signalGroup', params: { signal: 'SIGKILL' } }],
                },
              },
            },
          },
        },
        stopping: stopSequence('#agentLifecycle.stopped'),
        failing: stopSequence('#agentLifecycle.error'),
      },
    },
    ready: {
      tags: ['ready', 'holdsPlace'],
      on: { 'agent.definitionChanged': { actions: 'markOutdated' } },
      initial: 'running',
      states: {
        running: {
          on: {
            'agent.use': { target: '#agentLifecycle.busy', actions: 'addUser' },
            'agent.stop': { target: 'stopping' },
            'agent.idleStop': { target: 'stopping' },
            'agent.evict': { target: 'stopping' },
            'agent.exited': crash,
          },
        },
        stopping: stopSequence('#agentLifecycle.stopped'),
      },
    },
    busy: {
      tags: ['busy', 'holdsPlace'],
      on: { 'agent.definitionChanged': { actions: 'markOutdated' } },
      initial: 'running',
      states: {
        running: {
          on: {
            'agent.use': { actions: 'addUser' },
            'agent.release': [
              { guard: 'isLastUser', target: '#agentLifecycle.ready', actions: 'removeUser' },
              { actions: 'removeUser' },
            ],
            'agent.stop': { target: 'stopping' },
            'agent.exited': crash,
          },
        },
        stopping: stopSequence('#agentLifecycle.stopped'),
      },
    },
    error: {
      tags: ['error'],
      entry: 'clearOutdated',
      on: { 'agent.start': { target: 'starting' } },
    },
  },
});

/** The wire state of a lifecycle snapshot: the tag its top state carries. */
export function agentStateOf(snapshot: SnapshotFrom<typeof agentLifecycleMachine>): AgentState {
  const state = agentStates.find((name) => snapshot.hasTag(name));
  if (!state) throw new Error(`no agent state in ${JSON.stringify(snapshot.value)}`);
  return state;
}
