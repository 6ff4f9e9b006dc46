import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { AgentFailure } from '../../schema/agents.ts';
import { agentStates } from '../../schema/agents.ts';
import {
  handshakeFailures,
  LifecycleWorld,
  rowKey,
  tableRows,
  type Behaviour,
  type Effect,
} from './lifecycleHarness.ts';
import {
  advanceModel,
  beginStop,
  deadlines,
  enter,
  handshakeEnded,
  initialModel,
  killAt,
  naturalExit,
  processExited,
  running,
  stopGrace,
  type Model,
} from './lifecycleModel.ts';

// --- checks ---------------------------------------------------------------------------------

const times = (effects: Effect[], kind: Effect['kind'], alive: boolean) =>
  effects.filter((effect) => effect.kind === kind && effect.alive === alive).map((e) => e.at);

/** A signal sent at `at` when the process's own exit comes at `natural`: sent, not sent, or either (a tie). */
const expectSignal = (sent: number[], at: number, natural: number, reached: boolean) => {
  if (natural === at && reached) expect(sent.length).toBeLessThanOrEqual(1);
  else expect(sent).toHaveLength(natural > at && reached ? 1 : 0);
  for (const time of sent) expect(time).toBe(at);
};

/** The effects of the current run: spawn, then the stop sequence of REFERENCE.md to the millisecond. */
const checkRunEffects = (m: Model, w: LifecycleWorld) => {
  const effects = w.runEffects;
  if (!m.process) return expect(effects).toEqual([]);
  expect(times(effects, 'spawn', true)).toEqual([m.startedAt]);
  const dead = !m.process.alive;
  // Once the process has exited, whatever is left of its group is killed, once.
  expect(times(effects, 'SIGKILL', false)).toEqual(dead ? [m.process.exitedAt] : []);
  expect(effects.filter((e) => !e.alive && e.kind !== 'SIGKILL')).toEqual([]);
  const s = m.stopSince;
  if (s === null) {
    expect(effects.filter((e) => e.kind !== 'spawn' && e.alive)).toEqual([]);
    return;
  }
  expect(times(effects, 'closeStdin', true)).toEqual([s]);
  const end = dead ? m.process.exitedAt! : m.now;
  const { onStdinClose } = m.process;
  const stdinExit = onStdinClose === null ? Infinity : s + onStdinClose;
  expectSignal(times(effects, 'SIGTERM', true), s + stopGrace, stdinExit, end >= s + stopGrace);
  expectSignal(times(effects, 'SIGKILL', true), s + killAt, naturalExit(m), end >= s + killAt);
  // Within 8 s of the stop, the process is gone.
  if (!dead) expect(w.clock.now()).toBeLessThan(s + killAt);
};

const check = (m: Model, w: LifecycleWorld) => {
  const state = w.state;
  expect(agentStates).toContain(state);
  expect(w.clock.now()).toBe(m.now);
  // Every top-level change is a row of the table, by its event or by its cause.
  expect(
    w.changes.map(({ from, to }) => [from, to]),
    'top-level changes',
  ).toEqual(m.changes.map(({ from, to }) => [from, to]));
  w.changes.forEach((change, i) => {
    const { cause } = m.changes[i]!;
    const { from, event, to } = change;
    expect(
      tableRows.has(rowKey(from, event, to)) || tableRows.has(rowKey(from, cause, to)),
      `${rowKey(from, event, to)} (cause ${cause}) is not a row of the table`,
    ).toBe(true);
    if (from === 'error') expect(event).toBe('agent.start');
  });
  w.changes = [];
  m.changes = [];
  expect(state).toBe(m.phase);
  // `stopped` and `error` mean "no process"; a running state means one.
  expect(w.process?.alive ?? false).toBe(running(state));
  const { context } = w.snapshot;
  expect(context.outdated).toBe(m.outdated);
  if (state === 'ready') expect(context.users).toBe(0);
  if (state === 'busy') expect(context.users).toBeGreaterThan(0);
  if (running(state)) expect(context.users).toBe(m.users);
  if (state === 'stopped') expect(context.failure).toBeNull();
  if (state === 'error' || m.failure === 'handshake-timeout') {
    expect(context.failure?.kind).toBe(m.failure);
  }
  if (context.failure?.kind === 'handshake-timeout') expect(context.failure.seconds).toBe(30);
  checkRunEffects(m, w);
};

// --- commands -------------------------------------------------------------------------------

type Cmd = fc.Command<Model, LifecycleWorld>;

const command = (
  name: string,
  run: (m: Model, w: LifecycleWorld) => void,
  applies: (m: Readonly<Model>) => boolean = () => true,
): Cmd => ({
  check: applies,
  run: (m, w) => {
    run(m, w);
    check(m, w);
  },
  toString: () => name,
});

const start = (behaviour: Behaviour) =>
  command(`start(${JSON.stringify(behaviour)})`, (m, w) => {
    w.nextBehaviour = behaviour;
    w.send({ type: 'agent.start' });
    if (running(m.phase)) return;
    enter(m, 'starting', 'agent.start');
    Object.assign(m, {
      step: 'pending',
      cause: null,
      startedAt: m.now,
      stopSince: null,
      users: 0,
      outdated: false,
      failure: null,
      process: { ...behaviour, alive: true, answered: false, exitedAt: null },
    });
  });

const answering = (m: Readonly<Model>) => m.process?.alive === true && !m.process.answered;

const handshakeSucceeds = command(
  'handshakeSucceeds',
  (m, w) => {
    w.send({ type: 'agent.handshakeSucceeded' });
    handshakeEnded(m, null);
  },
  answering,
);

const handshakeFails = (failure: AgentFailure) =>
  command(
    `handshakeFails(${failure.kind})`,
    (m, w) => {
      w.send({ type: 'agent.handshakeFailed', failure });
      handshakeEnded(m, failure);
    },
    answering,
  );

const processExits = (code: number | null, signal: string | null) =>
  command(
    `processExits(${code}, ${signal})`,
    (m, w) => {
      w.exit(w.process!, code, signal);
      processExited(m);
    },
    (m) => m.process?.alive === true,
  );

const use = command('use', (m, w) => {
  w.send({ type: 'agent.use' });
  // An agent on its way out takes no user: REFERENCE.md is silent, the machine ignores it.
  if (m.step !== 'running') return;
  m.users += 1;
  if (m.phase === 'ready') enter(m, 'busy', 'agent.use');
});

const release = command('release', (m, w) => {
  w.send({ type: 'agent.release' });
  if (m.phase !== 'busy' || m.step !== 'running') return;
  m.users -= 1;
  if (m.users === 0) enter(m, 'ready', 'agent.release');
});

const stop = command('stop', (m, w) => {
  w.send({ type: 'agent.stop' });
  if (m.step === 'pending') {
    m.step = 'stopRequested';
    m.cause = 'agent.stop';
  } else if (m.step === 'running') beginStop(m, 'stopped', 'agent.stop');
  // Once the start has failed, its process is already being stopped: a stop changes nothing and
  // the agent ends `error`, its reason kept (docs/decisions.md).
});

const stopWhenIdle = (event: 'agent.idleStop' | 'agent.evict') =>
  command(event, (m, w) => {
    w.send({ type: event });
    if (m.phase === 'ready' && m.step === 'running') beginStop(m, 'stopped', event);
  });

const definitionChanged = command('definitionChanged', (m, w) => {
  w.send({ type: 'agent.definitionChanged' });
  if (running(m.phase)) m.outdated = true;
});

const advanceBy = (ms: number) =>
  command(`advance(${ms})`, (m, w) => {
    w.clock.advance(ms);
    advanceModel(m, ms);
  });

/** Time moves to just before, at, or just after the next deadline. */
const advanceNearDeadline = (offset: -1 | 0 | 1) =>
  command(
    `advanceToNextDeadline(${offset})`,
    (m, w) => {
      const next = Math.min(...deadlines(m).filter((deadline) => deadline > m.now));
      const ms = Math.max(0, next + offset - m.now);
      w.clock.advance(ms);
      advanceModel(m, ms);
    },
    (m) => deadlines(m).some((deadline) => deadline > m.now),
  );

const delay = (boundaries: number[], max: number) =>
  fc.option(fc.oneof(fc.constantFrom(...boundaries), fc.integer({ min: 0, max })), {
    nil: null,
    freq: 2,
  });

const behaviour: fc.Arbitrary<Behaviour> = fc.record({
  onStdinClose: delay([0, 1, 4_999, 5_000, 5_001], 9_000),
  onSigterm: delay([0, 1, 2_999, 3_000, 3_001], 4_000),
});

const commands = (replayPath?: string) =>
  fc.commands(
    [
      behaviour.map(start),
      fc.constant(handshakeSucceeds),
      fc.constant(handshakeSucceeds),
      fc.constantFrom(...handshakeFailures).map(handshakeFails),
      fc
        .tuple(fc.constantFrom(0, 1, 137), fc.constantFrom(null, 'SIGSEGV'))
        .map(([code, signal]) => processExits(signal ? null : code, signal)),
      fc.constant(use),
      fc.constant(use),
      fc.constant(release),
      fc.constant(release),
      fc.constant(stop),
      fc.constantFrom('agent.idleStop', 'agent.evict' as const).map(stopWhenIdle),
      fc.constant(definitionChanged),
      fc
        .oneof(fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(3_000, 5_000, 30_000, 31_000))
        .map(advanceBy),
      fc.constantFrom(-1, 0, 1 as const).map(advanceNearDeadline),
    ],
    { maxCommands: 50, size: 'medium', replayPath },
  );

// The machine answers synchronously: replies race its timers, not promises, so the commands run
// in order on a stepping clock (fc.modelRun) rather than under fc.scheduledModelRun.
const runCommands = (cmds: Iterable<Cmd>) => {
  fc.modelRun(() => {
    const world = new LifecycleWorld();
    const model = initialModel();
    check(model, world);
    return { model, real: world };
  }, cmds);
};

describe('the agent lifecycle machine, driven like a process and its users', () => {
  test.prop([commands()], { numRuns: 200 })(
    'follows the reference table, its timings and its invariants',
    runCommands,
  );
});
