import { referenceTimings, type LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import { holdsPlace } from '../machines/supervisionPolicy.ts';
import { isRunning, type AgentFailure, type AgentSummary } from '../schema/agents.ts';
import type { HostEvent } from '../schema/events.ts';
import type { AgentLaunch, AgentWorkerEvent, MeshLaunch } from '../schema/worker.ts';
import { Admission } from './Admission.ts';
import type { AgentDefinition, Limits } from './agentDefinition.ts';
import { agentLaunch } from './agentEnvironment.ts';
import {
  AgentRegistry,
  errorOf,
  stateEventOf,
  summaryOf,
  type AgentRecord,
  type ReportedState,
} from './AgentRegistry.ts';
import { AgentWorkerHandle, type AgentWorker } from './AgentWorkerHandle.ts';
import { realClock, type Clock } from './Clock.ts';
import { describeFailure } from './failureMessage.ts';
import { sayIn, type Language } from './i18n.ts';
import { ServiceError } from './ServiceError.ts';
import { SpareWorker } from './SpareWorker.ts';
import { StartWithdrawn, type Wanter } from './WaitingStarts.ts';
import {
  isSupervised,
  relayWorkerEvent,
  type ConversationKeeper,
  type InspectionSink,
  type SupervisedEvent,
} from './WorkerEventRelay.ts';

export type { ConversationKeeper } from './WorkerEventRelay.ts';

/** REFERENCE.md's delays, plus how often idle agents are looked for. */
export interface SupervisorTimings extends LifecycleTimings {
  idleCheckIntervalMs: number;
}

const referenceSupervisorTimings: SupervisorTimings = {
  ...referenceTimings,
  idleCheckIntervalMs: 30_000,
};

export interface SupervisorOptions {
  definitions: readonly AgentDefinition[];
  limits: Limits;
  language: Language;
  /**
   * Receives `agent:state` and `agent:log` as they happen, and the conversations' events when no
   * `conversations` keeps them (the keeper publishes those it takes).
   */
  emit: (event: HostEvent) => void;
  conversations?: ConversationKeeper;
  inspection?: InspectionSink;
  /** Test-only: shortens the delays of REFERENCE.md. Production code never sets it. */
  timings?: Partial<SupervisorTimings>;
  /** Test-only: the time of the uses and of the idle check (a simulated clock); the wall clock. */
  clock?: Clock;
  /**
   * Switchboard's own files and folders (configurations, the state dir), read at each start:
   * the agent's `fs/*` refuses them whatever its `cwd`.
   */
  ownFiles?: () => readonly string[];
  /** How each run of an agent reaches the agent mesh (a new bearer per run); none without it. */
  mesh?: (name: string) => MeshLaunch;
  /** Makes the worker of an agent; tests wrap it to reach the thread, or make fakes. */
  createWorker?: (...args: ConstructorParameters<typeof AgentWorkerHandle>) => AgentWorker;
  /**
   * Keeps a spare agent worker loaded, which the next start takes (`SpareWorker`): the host
   * does; tests that count threads or time starts choose.
   */
  spareWorker?: boolean;
}

/**
 * Runs the agents of one configuration: one worker thread per running agent, the limits of
 * REFERENCE.md (`Admission`), and the `agent:state` / `agent:log` events. The lifecycle itself is
 * the worker's actor; the supervisor keeps the host's one copy of what each worker reports
 * (`AgentRegistry`) and passes on what it does not read (`relayWorkerEvent`).
 */
export class Supervisor {
  readonly #agents: AgentRegistry;
  readonly #admission: Admission;
  readonly #timings: SupervisorTimings;
  readonly #spare: SpareWorker | undefined;
  #limits: Limits;
  #language: Language;
  readonly #say = sayIn(() => this.#language);

  constructor(private readonly options: SupervisorOptions) {
    this.#timings = { ...referenceSupervisorTimings, ...options.timings };
    this.#limits = options.limits;
    this.#language = options.language;
    this.#agents = new AgentRegistry(options.definitions);
    this.#admission = new Admission({
      agents: this.#agents,
      clock: options.clock ?? realClock,
      idleCheckIntervalMs: this.#timings.idleCheckIntervalMs,
      limits: () => this.#limits,
      language: () => this.#language,
      launch: (agent) => this.#launch(agent),
    });
    if (options.spareWorker) {
      this.#spare = new SpareWorker(() =>
        this.#agents.every().some((agent) => agent.state === 'starting'),
      );
    }
  }

  /** Resolves once the spare worker is loaded (`spareWorker`): the bench waits for it. */
  async warm(): Promise<void> {
    await this.#spare?.warm();
  }

  /** Every agent, in configuration order. */
  list(): AgentSummary[] {
    return this.#agents.listed().map((agent) => summaryOf(agent, this.#language));
  }

  /** The agent's last 200 stderr lines, oldest first. */
  logs(name: string): string[] {
    return this.#require(name).logs.lines();
  }

  /**
   * Resolves once the agent is `ready` (at once if it is `ready` or `busy`); rejects with the
   * reason if the start is refused (`limit`) or fails (`start-failed`).
   */
  async start(name: string): Promise<void> {
    return this.#start(this.#require(name), 'user');
  }

  async #start(agent: AgentRecord, by: Wanter): Promise<void> {
    const { name } = agent.definition;
    const until = (condition: () => boolean) => this.#agents.until(condition);
    await agent.stopRequest;
    if (agent.stopping) await until(() => !holdsPlace(agent));
    if (!holdsPlace(agent)) await this.#admission.whenAdmitted(agent, by);
    await until(() => agent.state !== 'starting' || agent.stopping);
    if (isRunning(agent.state)) return;
    if (agent.stopping) await until(() => !holdsPlace(agent));
    if (agent.state === 'error')
      throw new ServiceError('start-failed', errorOf(agent, this.#language));
    throw new ServiceError('start-failed', this.#say('error.stoppedWhileStarting', { name }));
  }

  /** Resolves once the agent has no process (`stopped`, or `error` if it died meanwhile). */
  stop(name: string): Promise<void> {
    return this.#stop(this.#require(name));
  }

  async #stop(agent: AgentRecord): Promise<void> {
    this.#admission.withdraw(agent, 'stopped');
    if (!holdsPlace(agent)) return;
    const request = (async () => {
      await agent.worker?.send('stop');
      await this.#agents.until(() => !holdsPlace(agent));
    })();
    agent.stopRequest = request;
    try {
      await request;
    } finally {
      if (agent.stopRequest === request) agent.stopRequest = undefined;
    }
  }

  async restart(name: string): Promise<void> {
    await this.stop(name);
    await this.start(name);
  }

  /** A conversation starts using the agent (`ready` → `busy`). The agent must be running. */
  async use(name: string): Promise<void> {
    const agent = this.#require(name);
    agent.lastUsedAt = this.#admission.usedNow();
    await agent.worker?.send('use');
  }

  /** A conversation is done with the agent; the last one makes it `ready` again. */
  async release(name: string): Promise<void> {
    const agent = this.#require(name);
    agent.lastUsedAt = this.#admission.usedNow();
    await agent.worker?.send('release');
  }

  /**
   * Applies a new configuration (CONTRACT.md §2): new agents appear, removed ones stop and
   * disappear, running ones whose `command`, `args`, `env` or `cwd` changed become `outdated`,
   * and `title`, `icon`, `description` apply at once. The order of `definitions` is the new order.
   */
  reconfigure(definitions: readonly AgentDefinition[], limits: Limits, language: Language): void {
    this.#limits = limits;
    this.#language = language;
    const { relaunch, reshown, removed } = this.#agents.reconfigure(definitions);
    for (const agent of relaunch) void agent.worker?.send('definitionChanged');
    for (const agent of reshown) this.#announce(agent);
    for (const agent of removed) {
      void this.#stop(agent).finally(() => {
        this.#agents.departed(agent);
        this.#dismiss(agent);
        this.options.conversations?.forget(agent.definition.name);
      });
    }
    for (const agent of this.#agents.listed()) {
      const { policy } = agent.definition;
      // Both posted now, before any later request: a message sent after a save sees its policy.
      void agent.worker?.call((api) =>
        Promise.all([api.setLanguage(language), api.setPolicy(policy)]),
      );
    }
  }

  /** Stops every agent at once (the application quits, or another configuration opens). */
  async stopAll(): Promise<void> {
    await Promise.all(this.#agents.every().map((agent) => this.#stop(agent)));
  }

  /** Stops every agent, and the idle check: the supervisor is done. */
  async close(): Promise<void> {
    this.#admission.close();
    await Promise.all([this.stopAll(), this.#spare?.close()]);
    for (const agent of this.#agents.every()) this.#dismiss(agent);
  }

  /** Another configuration opens (after `stopAll`): every conversation is forgotten. */
  forgetConversations(): void {
    for (const agent of this.#agents.every()) this.#dismiss(agent);
    this.options.conversations?.forget();
  }

  /** The agent's definition, as the configuration gives it now. */
  definition(name: string): AgentDefinition | undefined {
    return this.#agents.get(name)?.definition;
  }

  /** Whether `name` is an agent of the configuration. */
  has(name: string): boolean {
    return this.#agents.get(name) !== undefined;
  }

  /** The worker that holds the agent's conversation, if it has one. */
  conversationWorker(name: string): AgentWorker | undefined {
    return this.#agents.get(name)?.worker;
  }

  /**
   * The worker that holds the agent's conversation, made if there is none: a conversation lives
   * there whether the agent runs or not.
   */
  workerFor(name: string): AgentWorker {
    return this.#workerOf(this.#require(name));
  }

  /** Kills every agent's process group now, synchronously: for a host that is exiting. */
  killAll(): void {
    for (const agent of this.#agents.every()) if (holdsPlace(agent)) agent.worker?.killGroup();
  }

  /** The agent's worker; a new one is made for `launch` when given (it spawns the agent first). */
  #workerOf(agent: AgentRecord, launch?: AgentLaunch): AgentWorker {
    if (agent.worker) return agent.worker;
    const { name } = agent.definition;
    const createWorker =
      this.options.createWorker ??
      ((init, timings, callbacks) =>
        new AgentWorkerHandle(init, timings, callbacks, this.#spare?.take()));
    const seed = this.options.conversations?.seed(name);
    const worker = createWorker(
      {
        name,
        language: this.#language,
        policy: agent.definition.policy,
        ...(seed ? { seed } : {}),
        inspect: this.options.inspection?.watched(name) ?? false,
        ...(launch ? { launch } : {}),
      },
      this.#timings,
      {
        event: (event) => this.#onWorkerEvent(agent, worker, event),
        died: (reason) => this.#onWorkerDied(agent, worker, reason),
      },
    );
    agent.worker = worker;
    return worker;
  }

  #launch(agent: AgentRecord): void {
    const { ownFiles, mesh } = this.options;
    const launch = agentLaunch(agent.definition, {
      ownFiles: ownFiles?.() ?? [],
      ...(mesh ? { mesh: mesh(agent.definition.name) } : {}),
    });
    const worker = this.#workerOf(agent, launch);
    this.#update(agent, { state: 'starting', stopping: false, outdated: false, failure: null });
    void worker.call((api) => api.start(launch));
  }

  #onWorkerEvent(agent: AgentRecord, worker: AgentWorker, event: AgentWorkerEvent): void {
    if (agent.worker !== worker) return;
    if (isSupervised(event)) this.#onSupervisedEvent(agent, worker, event);
    else relayWorkerEvent(agent, event, this.options);
  }

  #onSupervisedEvent(agent: AgentRecord, worker: AgentWorker, event: SupervisedEvent): void {
    switch (event.type) {
      case 'wantsAgent': {
        const turn = {};
        agent.waitingTurn = turn;
        this.#start(agent, 'conversation').then(
          () => {
            if (agent.waitingTurn === turn) agent.waitingTurn = undefined;
          },
          (error: Error) => {
            // A turn that no longer waits (cancelled) is not told; a later one would be misled.
            if (agent.waitingTurn !== turn || error instanceof StartWithdrawn) return;
            agent.waitingTurn = undefined;
            return worker.call((api) => api.agentUnavailable(error.message));
          },
        );
        return;
      }
      case 'agentNotWanted':
        agent.waitingTurn = undefined;
        this.#admission.withdraw(agent, 'conversation');
        return;
      case 'state':
        // Starting, and each turn's beginning and end, count as a use (least recently used).
        if (isRunning(event.state)) {
          agent.lastUsedAt = this.#admission.usedNow();
        }
        this.#update(agent, event);
    }
  }

  #onWorkerDied(agent: AgentRecord, worker: AgentWorker, reason: string): void {
    if (agent.worker !== worker) return;
    worker.killGroup();
    agent.worker = undefined;
    // The turn that waited for the agent died with the worker: its wish goes, as with a Cancel.
    agent.waitingTurn = undefined;
    this.#admission.withdraw(agent, 'conversation');
    const failure: AgentFailure = { kind: 'worker-died', reason };
    this.options.conversations?.interrupted(
      agent.definition.name,
      describeFailure(this.#language, failure),
    );
    if (holdsPlace(agent)) this.#update(agent, { state: 'error', stopping: false, failure });
  }

  /** The agent's worker has nothing left to do (its process is gone, its conversation too). */
  #dismiss(agent: AgentRecord): void {
    const worker = agent.worker;
    agent.worker = undefined;
    void worker?.terminate();
  }

  #update(agent: AgentRecord, change: Partial<ReportedState>): void {
    const before = { state: agent.state, outdated: agent.outdated };
    Object.assign(agent, {
      state: change.state ?? agent.state,
      stopping: change.stopping ?? agent.stopping,
      outdated: change.outdated ?? agent.outdated,
      failure: change.failure === undefined ? agent.failure : change.failure,
    });
    if (before.state !== agent.state || before.outdated !== agent.outdated) this.#announce(agent);
    this.#agents.changed();
  }

  /** `agent:state`: the agent changed state, or its definition changed. */
  #announce(agent: AgentRecord): void {
    this.options.emit({ name: 'agent:state', data: stateEventOf(agent, this.#language) });
  }

  #require(name: string): AgentRecord {
    const agent = this.#agents.get(name);
    if (!agent) throw new ServiceError('unknown-agent', this.#say('error.unknownAgent', { name }));
    return agent;
  }
}
