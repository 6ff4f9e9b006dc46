/**
 * The model of `agentLifecycleMachine.prop.test.ts`: what REFERENCE.md predicts of one agent, its
 * process and the clock, without the machine. Commands update it beside the real actor.
 */
import type { AgentFailure } from '../../schema/agents.ts';
import type { AgentStateName } from '../../statecharts/agentLifecycle.ts';
import type { Behaviour } from './lifecycleHarness.ts';

/** REFERENCE.md's delays: the handshake's, then SIGTERM and SIGKILL after stdin is closed. */
const handshakeTimeout = 30_000;
export const stopGrace = 5_000;
export const killAt = stopGrace + 3_000;

/** Where a running agent is in its run: what the next process event will do. */
export type Step = 'pending' | 'stopRequested' | 'running' | 'stopping';

/**
 * What REFERENCE.md says the agent is: its top-level state, the step of its run, and the few
 * numbers the timings depend on. `cause` is the table's event that began the change in progress
 * (a stop in `ready` ends `stopped` when the process exits: the row is the stop's).
 */
export interface Model {
  now: number;
  phase: AgentStateName;
  step: Step | null;
  cause: string | null;
  startedAt: number;
  /** When the stop sequence of this run began (stdin closed), if it did. */
  stopSince: number | null;
  stopTo: 'stopped' | 'error';
  users: number;
  outdated: boolean;
  failure: AgentFailure['kind'] | null;
  process: (Behaviour & { alive: boolean; answered: boolean; exitedAt: number | null }) | null;
  /** Top-level changes since the last check, with their causes. */
  changes: { from: AgentStateName; cause: string; to: AgentStateName }[];
}

export const initialModel = (): Model => ({
  now: 0,
  phase: 'stopped',
  step: null,
  cause: null,
  startedAt: 0,
  stopSince: null,
  stopTo: 'stopped',
  users: 0,
  outdated: false,
  failure: null,
  process: null,
  changes: [],
});

export const running = (phase: AgentStateName) =>
  phase === 'starting' || phase === 'ready' || phase === 'busy';

export const enter = (m: Model, to: AgentStateName, cause: string) => {
  m.changes.push({ from: m.phase, cause, to });
  m.phase = to;
  // `outdated` marks a running agent (REFERENCE.md): one without a process is not.
  if (to === 'stopped' || to === 'error') m.outdated = false;
};

export const beginStop = (m: Model, to: 'stopped' | 'error', cause: string) => {
  m.step = 'stopping';
  m.stopSince = m.now;
  m.stopTo = to;
  m.cause = cause;
};

/** When a process in its stop sequence exits of its own accord (stdin closed, SIGTERM). */
export const naturalExit = (m: Model): number => {
  const s = m.stopSince!;
  const { onStdinClose, onSigterm } = m.process!;
  return Math.min(
    onStdinClose === null ? Infinity : s + onStdinClose,
    onSigterm === null ? Infinity : s + stopGrace + onSigterm,
  );
};

/** The SIGKILL at 8 s ends any process that is still there. */
const exitAt = (m: Model): number => Math.min(naturalExit(m), m.stopSince! + killAt);

export const processExited = (m: Model) => {
  m.process!.alive = false;
  m.process!.exitedAt = m.now;
  if (m.step === 'pending') {
    m.failure = 'exited-during-start';
    enter(m, 'error', 'agent.exited');
  } else if (m.step === 'stopRequested') {
    enter(m, 'stopped', 'agent.stop');
  } else if (m.step === 'stopping') {
    enter(m, m.stopTo, m.cause!);
  } else {
    m.failure = 'crashed';
    enter(m, 'error', 'agent.exited');
  }
  m.step = null;
  m.cause = null;
};

export const handshakeEnded = (m: Model, failure: AgentFailure | null) => {
  m.process!.answered = true;
  if (m.step === 'stopRequested') beginStop(m, 'stopped', 'agent.stop');
  else if (m.step !== 'pending') return;
  else if (failure) {
    m.failure = failure.kind;
    beginStop(m, 'error', 'agent.handshakeFailed');
  } else {
    m.step = 'running';
    enter(m, 'ready', 'agent.handshakeSucceeded');
  }
};

/** The instants at which something is due: the handshake timeout, SIGTERM, SIGKILL, an exit. */
export const deadlines = (m: Model): number[] => {
  if (m.phase !== 'starting' && m.step !== 'stopping') return [];
  if (m.step === 'pending' || m.step === 'stopRequested') return [m.startedAt + handshakeTimeout];
  if (m.stopSince === null || !m.process?.alive) return [];
  return [m.stopSince + stopGrace, m.stopSince + killAt, exitAt(m)];
};

export const advanceModel = (m: Model, ms: number) => {
  const end = m.now + ms;
  for (;;) {
    const due = deadlines(m).filter((deadline) => deadline >= m.now && deadline <= end);
    const next = Math.min(...due);
    if (!Number.isFinite(next)) break;
    if (m.step === 'pending' || m.step === 'stopRequested') {
      m.now = next;
      if (m.step === 'stopRequested') beginStop(m, 'stopped', 'agent.stop');
      else {
        m.failure = 'handshake-timeout';
        beginStop(m, 'error', 'after:handshakeTimeout');
      }
    } else if (exitAt(m) <= end) {
      m.now = exitAt(m);
      processExited(m);
    } else break;
  }
  m.now = end;
};
