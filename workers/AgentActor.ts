import type { AgentCapabilities, Implementation } from '@agentclientprotocol/sdk';
import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import {
  agentLifecycleMachine,
  agentStateOf,
  type LifecycleTimings,
} from '../machines/agentLifecycleMachine.ts';
import type { ProcessExit } from '../schema/agents.ts';
import { AgentProcess } from './AgentProcess.ts';
import { quirksOf } from './agentQuirks.ts';
import { signalGroup } from './processGroup.ts';
import { offeredAuthMethods, type AuthMethodOffer } from './authMethods.ts';
import { runMarker, type SpawnedAgent } from './spawnAgent.ts';
import type { ProcessTracker } from './ProcessTracker.ts';
import { LineRing } from '../machines/LineRing.ts';
import type { ClientHandlers } from './acpHandshake.ts';
import type { AgentLaunch, AgentWorkerEvent } from '../schema/worker.ts';

/** Lines of stderr kept per run, and how many of them a failed start reports. */
const logCapacity = 200;
const failureTailLines = 20;
/** Log characters posted and not yet read by the host, beyond which the agent's stderr waits. */
export const logBytesInFlight = 1024 * 1024;

type LifecycleSnapshot = SnapshotFrom<typeof agentLifecycleMachine>;

/** Two snapshots the host sees alike: the same state, on its way out or not, outdated or not. */
const sameReport = (a: LifecycleSnapshot, b: LifecycleSnapshot) =>
  agentStateOf(a) === agentStateOf(b) &&
  a.hasTag('stopping') === b.hasTag('stopping') &&
  a.context.outdated === b.context.outdated;

/** What the rest of the worker hears of the agent's runs. */
export interface RunHooks {
  /** The run's handshake succeeded: the agent takes conversations. */
  ready(): void;
  /**
   * The run's process is gone: `asked` if it was on its way out (a stop, or a failed start
   * stopping its process), else it exited on its own with `exit`.
   */
  ended(asked: boolean, exit: ProcessExit | null): void;
}

export interface AgentActorOptions {
  timings?: Partial<LifecycleTimings>;
  /** Who answers the ACP requests of the agent (none: it is told nobody can). */
  handlers?: ClientHandlers;
  runs?: RunHooks;
  /** Called with the lifecycle actor before it starts (the inspector attaches to it). */
  onActor?: (actor: Actor<typeof agentLifecycleMachine>) => void;
  /** The current run's processes, which its signals reach beyond the agent's group. */
  processes?: () => ProcessTracker | undefined;
}

/** Two launches run the same process: the same command line, environment and folder. */
const sameProcess = (a: AgentLaunch, b: AgentLaunch) =>
  JSON.stringify([a.command, a.args, a.env, a.cwd]) ===
  JSON.stringify([b.command, b.args, b.env, b.cwd]);

/** Kills a process that will not be used, with its whole group. */
function killGroup({ child }: SpawnedAgent): void {
  signalGroup(child.pid, 'SIGKILL');
}

/** ACP requests an agent makes before anyone handles them: it is told nobody can. */
const noClientHandlers: ClientHandlers = {
  sessionUpdate: () => {},
  otherNotification: () => {},
  requestPermission: () => Promise.resolve({ outcome: { outcome: 'cancelled' } }),
  readTextFile: () => Promise.reject(new Error('no file system here')),
  writeTextFile: () => Promise.reject(new Error('no file system here')),
  createElicitation: () => Promise.resolve({ action: 'cancel' }),
  completeElicitation: () => {},
  createTerminal: () => Promise.reject(new Error('no terminals here')),
  terminalOutput: () => {
    throw new Error('no terminals here');
  },
  waitForTerminalExit: () => Promise.reject(new Error('no terminals here')),
  killTerminal: () => {},
  releaseTerminal: () => {},
};

/**
 * An agent as an actor: its lifecycle machine bound to a real process, run after run. Used by
 * the agent worker; it runs in any thread, which lets tests drive it in one process too.
 */
export class AgentActor {
  readonly #actor: Actor<typeof agentLifecycleMachine>;
  readonly #logs = new LineRing(logCapacity);
  #process: AgentProcess | undefined;
  /** The lifecycle as last reported to the host: a run begins and ends between two reports. */
  #reported: LifecycleSnapshot;
  /** Log characters posted that the host has not said it read (`logRead`). */
  #logInFlight = 0;
  #logPaused = false;
  /** What the current run's agent said it can do, once it answered `initialize`. */
  #capabilities: AgentCapabilities | undefined;
  /** Who the current run's agent said it is (`initialize`'s `agentInfo`), if it said. */
  #agentInfo: Implementation | null = null;
  /** The ways to log in the current run's agent offered in `initialize`. */
  #authMethods: AuthMethodOffer[] = [];
  /** A process spawned before this actor existed, for its first start (`adoptOnStart`). */
  #early: SpawnedAgent | undefined;

  readonly #handlers: ClientHandlers;
  readonly #runs: RunHooks | undefined;
  readonly #processes: (() => ProcessTracker | undefined) | undefined;

  constructor(
    private launch: AgentLaunch,
    private readonly post: (event: AgentWorkerEvent) => void,
    { timings = {}, handlers = noClientHandlers, runs, onActor, processes }: AgentActorOptions = {},
  ) {
    this.#handlers = handlers;
    this.#runs = runs;
    this.#processes = processes;
    const machine = agentLifecycleMachine.provide({
      actions: {
        spawnAgent: () => this.#spawn(),
        closeStdin: () => {
          // What the agent started is found while still its children: closing stdin may end it.
          this.#processes?.()?.refresh();
          this.#process?.closeStdin();
        },
        signalGroup: (_, { signal }) => {
          this.#process?.signalGroup(signal);
          // What the agent started and that left its group goes with it.
          this.#processes?.()?.signal(signal, 'agent');
        },
      },
    });
    this.#actor = createActor(machine, { input: { timings } });
    onActor?.(this.#actor);
    // The host knows every agent starts `stopped`: only changes are reported.
    this.#reported = this.#actor.getSnapshot();
    this.#actor.subscribe((snapshot) => this.#report(snapshot));
    this.#actor.start();
  }

  #spawn(): void {
    // Events of a process from an earlier run are stale: only the current one speaks.
    const current = () => this.#process === process;
    const process: AgentProcess = new AgentProcess(
      this.launch,
      {
        spawned: (pid) => {
          if (!current()) return;
          this.#processes?.()?.add(pid, 'agent');
          this.post({ type: 'spawned', pid, ...runMarker(this.launch) });
        },
        log: (line) => {
          this.note(line);
          if (this.#logInFlight > logBytesInFlight && !this.#logPaused) {
            this.#logPaused = true;
            process.pauseLog();
          }
        },
        handshakeSucceeded: (capabilities, agentInfo, result) => {
          if (!current()) return;
          this.#capabilities = capabilities;
          this.#agentInfo = agentInfo;
          this.#authMethods = offeredAuthMethods(result, quirksOf(agentInfo).authEnv);
          this.#actor.send({ type: 'agent.handshakeSucceeded' });
        },
        handshakeFailed: (failure) =>
          current() && this.#actor.send({ type: 'agent.handshakeFailed', failure }),
        exited: (exit) => current() && this.#actor.send({ type: 'agent.exited', ...exit }),
      },
      this.#handlers,
    );
    this.#process = process;
    this.#logPaused = false;
    this.#capabilities = undefined;
    this.#agentInfo = null;
    this.#authMethods = [];
    const early = this.#early;
    this.#early = undefined;
    // Spawn after the machine's transition, so what the process reports queues behind it.
    queueMicrotask(() => {
      if (!current()) return;
      if (early && sameProcess(early.launch, this.launch)) return process.run(early);
      if (early) killGroup(early);
      process.spawn();
    });
  }

  /**
   * Takes `spawned` as the process of the first start, if that start runs the same command line;
   * any other first command (or another command line) kills it.
   */
  adoptOnStart(spawned: SpawnedAgent): void {
    this.#early = spawned;
  }

  #discardEarly(): void {
    if (this.#early) killGroup(this.#early);
    this.#early = undefined;
  }

  #stateEvent(snapshot: LifecycleSnapshot): Extract<AgentWorkerEvent, { type: 'state' }> {
    const state = agentStateOf(snapshot);
    const { failure, outdated, exit } = snapshot.context;
    const startFailed = failure && state === 'error' && failure.kind !== 'crashed';
    return {
      type: 'state',
      state,
      stopping: snapshot.hasTag('stopping'),
      outdated,
      failure: startFailed ? { ...failure, stderr: this.#logs.lines(failureTailLines) } : failure,
      exit,
    };
  }

  #report(snapshot: LifecycleSnapshot): void {
    const before = this.#reported;
    if (sameReport(before, snapshot)) return;
    this.#reported = snapshot;
    this.post(this.#stateEvent(snapshot));
    if (
      before.hasTag('starting') &&
      snapshot.hasTag('holdsPlace') &&
      !snapshot.hasTag('starting')
    ) {
      this.#runs?.ready();
    } else if (before.hasTag('holdsPlace') && !snapshot.hasTag('holdsPlace')) {
      this.#runs?.ended(before.hasTag('stopping'), snapshot.context.exit);
    }
  }

  /** Resolves once the current run's process has exited and the lifecycle was told. */
  get runEnded(): Promise<void> {
    return this.#process?.ended ?? Promise.resolve();
  }

  /** The ACP connection of the current run, once its process is spawned. */
  get connection() {
    return this.#process?.connection;
  }

  /** The current run's agent capabilities (`initialize`), once it answered. */
  get capabilities(): AgentCapabilities | undefined {
    return this.#capabilities;
  }

  /** Who the current run's agent is, once it answered `initialize` (if it said). */
  get agentInfo(): Implementation | null {
    return this.#agentInfo;
  }

  /** The ways to log in the current run's agent offered, once it answered `initialize`. */
  get authMethods(): AuthMethodOffer[] {
    return this.#authMethods;
  }

  /** The agent is `ready` or `busy` and not on its way out. */
  get available(): boolean {
    const snapshot = this.#actor.getSnapshot();
    return (snapshot.hasTag('ready') || snapshot.hasTag('busy')) && !snapshot.hasTag('stopping');
  }

  /** Starts a run; `launch` replaces how the agent runs (its definition may have changed). */
  start(launch?: AgentLaunch): void {
    if (launch) this.launch = launch;
    this.#actor.send({ type: 'agent.start' });
  }
  stop(): void {
    this.#discardEarly();
    this.#actor.send({ type: 'agent.stop' });
  }
  idleStop(): void {
    this.#discardEarly();
    this.#actor.send({ type: 'agent.idleStop' });
  }
  evict(): void {
    this.#discardEarly();
    this.#actor.send({ type: 'agent.evict' });
  }
  use(): void {
    this.#actor.send({ type: 'agent.use' });
  }
  release(): void {
    this.#actor.send({ type: 'agent.release' });
  }
  definitionChanged(): void {
    this.#actor.send({ type: 'agent.definitionChanged' });
  }
  logs(): string[] {
    return this.#logs.lines();
  }

  /** A line of the agent's log: one of its stderr, or what Switchboard says of it (a refusal). */
  note(line: string): void {
    this.#logs.push(line);
    this.post({ type: 'log', line });
    this.#logInFlight += line.length;
  }

  /** The host has read `bytes` of the log: the agent's stderr flows again once half is read. */
  logRead(bytes: number): void {
    this.#logInFlight = Math.max(0, this.#logInFlight - bytes);
    if (this.#logPaused && this.#logInFlight <= logBytesInFlight / 2) {
      this.#logPaused = false;
      this.#process?.resumeLog();
    }
  }
}
