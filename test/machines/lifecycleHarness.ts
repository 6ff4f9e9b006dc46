import { createActor, SimulatedClock, type Actor, type SnapshotFrom } from 'xstate';
import { agentLifecycleMachine } from '../../machines/agentLifecycleMachine.ts';
import { eventName } from '../../machines/topLevelTransitions.ts';
import { agentLifecycle, type AgentStateName } from '../../statecharts/agentLifecycle.ts';
import type { AgentFailure } from '../../schema/agents.ts';

/**
 * XState's `SimulatedClock`, advanced one deadline at a time.
 *
 * `SimulatedClock.increment(ms)` jumps to the end at once: a timer armed while it fires (SIGKILL
 * 3 s after SIGTERM) starts at the end of the jump, not at its own deadline. `advance` sets the
 * time to every deadline in turn, so each effect happens at its exact instant.
 */
class SteppingClock extends SimulatedClock {
  readonly #deadlines = new Map<number, number>();

  override setTimeout(fn: () => void, timeout: number): number {
    const id = super.setTimeout(() => {
      this.#deadlines.delete(id);
      fn();
    }, timeout);
    this.#deadlines.set(id, this.now() + timeout);
    return id;
  }

  override clearTimeout(id: number): void {
    this.#deadlines.delete(id);
    super.clearTimeout(id);
  }

  advance(ms: number): void {
    const end = this.now() + ms;
    for (;;) {
      const due = [...this.#deadlines.values()].filter((deadline) => deadline <= end);
      if (due.length === 0) break;
      this.set(Math.min(...due));
    }
    this.set(end);
  }
}

/** How the fake agent reacts: milliseconds until it exits, or `null` when it ignores the cause. */
export interface Behaviour {
  onStdinClose: number | null;
  onSigterm: number | null;
}

export const ignoresEverything: Behaviour = { onStdinClose: null, onSigterm: null };

export interface FakeProcess extends Behaviour {
  alive: boolean;
  exitedAt: number | null;
}

export type EffectKind = 'spawn' | 'closeStdin' | 'SIGTERM' | 'SIGKILL';

/** An effect of the machine, when it happened, and whether the process was alive to receive it. */
export interface Effect {
  kind: EffectKind;
  at: number;
  alive: boolean;
}

/** A change of top-level state, with the event (`after:<delay>` for a timer) that made it. */
export interface TopLevelChange {
  from: AgentStateName;
  event: string;
  to: AgentStateName;
}

type Snapshot = SnapshotFrom<typeof agentLifecycleMachine>;

const topLevelOf = (snapshot: Snapshot): AgentStateName =>
  (typeof snapshot.value === 'string'
    ? snapshot.value
    : Object.keys(snapshot.value)[0]) as AgentStateName;

export const rowKey = (from: string, event: string, to: string) => `${from} --${event}--> ${to}`;

/** The reference table, one `(from, machine event, to)` triple per row, source and event. */
export const tableRows: ReadonlySet<string> = new Set(
  agentLifecycle.transitions.flatMap((row) =>
    row.from.flatMap((from) => row.machineEvents.map((event) => rowKey(from, event, row.to))),
  ),
);

export const handshakeFailures: readonly AgentFailure[] = [
  { kind: 'handshake-refused', reason: 'no' },
  { kind: 'protocol-mismatch', version: 2 },
];

/**
 * The real machine, with reference timings, on a stepping clock, bound to a fake process.
 * Everything it does is recorded: effects, top-level changes, the processes it spawned.
 */
export class LifecycleWorld {
  readonly clock = new SteppingClock();
  readonly effects: Effect[] = [];
  changes: TopLevelChange[] = [];
  readonly processes: FakeProcess[] = [];
  /** What the next spawned process will do. */
  nextBehaviour: Behaviour = ignoresEverything;
  readonly actor: Actor<typeof agentLifecycleMachine>;

  constructor() {
    const machine = agentLifecycleMachine.provide({
      actions: {
        spawnAgent: () => this.#spawn(),
        closeStdin: () => this.#deliver('closeStdin'),
        signalGroup: (_, { signal }) => this.#deliver(signal),
      },
    });
    let top: AgentStateName = 'stopped';
    this.actor = createActor(machine, {
      input: { timings: {} },
      clock: this.clock,
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.snapshot') return;
        const next = topLevelOf(inspection.snapshot as Snapshot);
        if (next === top) return;
        this.changes.push({ from: top, event: eventName(inspection.event.type), to: next });
        top = next;
      },
    });
    this.actor.start();
  }

  get process(): FakeProcess | undefined {
    return this.processes.at(-1);
  }

  get snapshot(): Snapshot {
    return this.actor.getSnapshot();
  }

  get state(): AgentStateName {
    return topLevelOf(this.snapshot);
  }

  /** The effects since the last spawn. */
  get runEffects(): Effect[] {
    const spawn = this.effects.findLastIndex((effect) => effect.kind === 'spawn');
    return spawn < 0 ? [] : this.effects.slice(spawn);
  }

  send(event: Parameters<Actor<typeof agentLifecycleMachine>['send']>[0]): void {
    this.actor.send(event);
  }

  /** The process exits now, whatever the reason. */
  exit(process: FakeProcess, code: number | null, signal: string | null): void {
    if (!process.alive) return;
    process.alive = false;
    process.exitedAt = this.clock.now();
    this.actor.send({ type: 'agent.exited', code, signal });
  }

  #spawn(): void {
    if (this.process?.alive) throw new Error('spawned a second process while one is alive');
    this.effects.push({ kind: 'spawn', at: this.clock.now(), alive: true });
    this.processes.push({ ...this.nextBehaviour, alive: true, exitedAt: null });
  }

  #deliver(kind: Exclude<EffectKind, 'spawn'>): void {
    const process = this.process;
    const alive = process?.alive ?? false;
    this.effects.push({ kind, at: this.clock.now(), alive });
    if (!process || !alive) return;
    const delay =
      kind === 'closeStdin' ? process.onStdinClose : kind === 'SIGTERM' ? process.onSigterm : 0;
    if (delay === null) return;
    const [code, signal] = kind === 'closeStdin' ? [0, null] : [null, kind];
    // The process reacts later, on the same clock: its exit races the machine's own timers.
    this.clock.setTimeout(() => this.exit(process, code, signal), delay);
  }
}
