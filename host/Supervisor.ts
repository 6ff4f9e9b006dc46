import { referenceTimings, type LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import {
  admit,
  holdsPlace,
  idleAgents,
  type SupervisedAgent,
} from '../machines/supervisionPolicy.ts';
import type { AgentFailure, AgentState, AgentSummary } from '../schema/agents.ts';
import type { ConversationEvent } from '../schema/conversation.ts';
import type { HostEvent } from '../schema/events.ts';
import { LineRing } from '../machines/LineRing.ts';
import type { WorkerInspectionRecord } from '../schema/inspector.ts';
import type {
  AcpSessionRecord,
  AgentLaunch,
  AgentWorkerEvent,
  MeshLaunch,
  WorkerSeed,
} from '../schema/worker.ts';
import type { AgentDefinition, Limits } from './agentDefinition.ts';
import { agentEnvironment } from './agentEnvironment.ts';
import { AgentWorkerHandle, type AgentWorker } from './AgentWorkerHandle.ts';
import { describeFailure } from './failureMessage.ts';
import { translate, type Language } from './i18n.ts';
import { ServiceError } from './ServiceError.ts';
import { SpareWorker } from './SpareWorker.ts';
import { StartWithdrawn, WaitingStarts, type Wanter } from './WaitingStarts.ts';

/** REFERENCE.md's delays, plus how often idle agents are looked for. */
export interface SupervisorTimings extends LifecycleTimings {
  idleCheckIntervalMs: number;
}

export const referenceSupervisorTimings: SupervisorTimings = {
  ...referenceTimings,
  idleCheckIntervalMs: 30_000,
};

/** Who keeps the conversations while workers come and go (the host's copy of each). */
export interface ConversationKeeper {
  /** What a new worker of `name` starts with. */
  seed(name: string): WorkerSeed | undefined;
  /** The events a worker of `name` posted for its conversation `id`. */
  received(name: string, id: string, events: readonly ConversationEvent[]): void;
  /** A worker of `name` opened an ACP session for its conversation `id`. */
  sessionOpened(name: string, id: string, session: AcpSessionRecord): void;
  /** The worker of `name` died: what its conversation had in flight ends with `error`. */
  interrupted(name: string, error: string): void;
  /** `name`'s conversation is gone (the agent was removed), or every one (no name). */
  forget(name?: string): void;
}

/** Who forwards the agents' inspection to the clients that watch them. */
export interface InspectionSink {
  watched(name: string): boolean;
  received(name: string, records: WorkerInspectionRecord[]): void;
}

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

/** Lines of stderr kept per agent across its runs (`AgentService.Logs`). */
const logCapacity = 200;

interface AgentRecord {
  definition: AgentDefinition;
  state: AgentState;
  stopping: boolean;
  outdated: boolean;
  failure: AgentFailure | null;
  lastUsedAt: number;
  logs: LineRing;
  worker: AgentWorker | undefined;
  /** A `Stop` in progress: a `Start` that follows it waits for it, so the two keep their order. */
  stopRequest: Promise<void> | undefined;
  /**
   * The turn of the conversation that waits for the agent (`wantsAgent`, until answered or
   * withdrawn): only its own start answers it, not one begun for a turn cancelled before it.
   */
  waitingTurn: object | undefined;
}

const running = (agent: AgentRecord) => holdsPlace(agent);

const newRecord = (definition: AgentDefinition): AgentRecord => ({
  definition,
  state: 'stopped',
  stopping: false,
  outdated: false,
  failure: null,
  lastUsedAt: 0,
  logs: new LineRing(logCapacity),
  worker: undefined,
  stopRequest: undefined,
  waitingTurn: undefined,
});

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a change of definition needs a restart to apply (CONTRACT.md §2). */
const launchChanged = (before: AgentDefinition, after: AgentDefinition) =>
  before.command !== after.command ||
  before.cwd !== after.cwd ||
  !sameJson(before.args, after.args) ||
  !sameJson(Object.entries(before.env).sort(), Object.entries(after.env).sort());

const shownChanged = (before: AgentDefinition, after: AgentDefinition) =>
  before.title !== after.title ||
  before.icon !== after.icon ||
  before.description !== after.description;

/**
 * Runs the agents of one configuration: one worker thread per running agent, the limits of
 * REFERENCE.md (at most `maxRunningAgents` processes, least-recently-used eviction, idle stop
 * checked every 30 s), and the `agent:state` / `agent:log` events. The lifecycle itself is the
 * worker's actor; the supervisor mirrors what the workers report and decides who may run.
 */
export class Supervisor {
  #agents = new Map<string, AgentRecord>();
  /** Agents removed from the configuration, still stopping: they hold a place until gone. */
  readonly #departing = new Set<AgentRecord>();
  readonly #timings: SupervisorTimings;
  readonly #changeListeners = new Set<() => void>();
  readonly #waiting = new WaitingStarts<AgentRecord>();
  readonly #idleCheck: ReturnType<typeof setInterval>;
  readonly #spare: SpareWorker | undefined;
  #admissions: Promise<unknown> = Promise.resolve();
  #lastUse = 0;
  #limits: Limits;
  #language: Language;

  constructor(private readonly options: SupervisorOptions) {
    this.#timings = { ...referenceSupervisorTimings, ...options.timings };
    this.#limits = options.limits;
    this.#language = options.language;
    for (const definition of options.definitions) {
      this.#agents.set(definition.name, newRecord(definition));
    }
    this.#idleCheck = setInterval(() => this.#stopIdleAgents(), this.#timings.idleCheckIntervalMs);
    this.#idleCheck.unref();
    if (options.spareWorker) {
      this.#spare = new SpareWorker(() =>
        this.#everyAgent().some((agent) => agent.state === 'starting'),
      );
    }
  }

  /** Resolves once the spare worker is loaded (`spareWorker`): the bench waits for it. */
  async warm(): Promise<void> {
    await this.#spare?.warm();
  }

  /** Every agent, in configuration order. */
  list(): AgentSummary[] {
    return [...this.#agents.values()].map((agent) => ({
      name: agent.definition.name,
      title: agent.definition.title,
      icon: agent.definition.icon,
      description: agent.definition.description,
      state: agent.state,
      error: this.#errorOf(agent),
      outdated: agent.outdated,
    }));
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
    await agent.stopRequest;
    if (agent.stopping) await this.#until(() => !running(agent));
    if (!running(agent)) await this.#whenAdmitted(agent, by);
    await this.#until(() => agent.state !== 'starting' || agent.stopping);
    if (agent.state === 'ready' || agent.state === 'busy') return;
    if (agent.stopping) await this.#until(() => !running(agent));
    if (agent.state === 'error') throw new ServiceError('start-failed', this.#errorOf(agent));
    throw new ServiceError('start-failed', this.#say('error.stoppedWhileStarting', { name }));
  }

  /** Resolves once the agent has no process (`stopped`, or `error` if it died meanwhile). */
  stop(name: string): Promise<void> {
    return this.#stop(this.#require(name));
  }

  async #stop(agent: AgentRecord): Promise<void> {
    this.#withdraw(agent, 'stopped');
    if (!running(agent)) return;
    const request = (async () => {
      await agent.worker?.send('stop');
      await this.#until(() => !running(agent));
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
    agent.lastUsedAt = this.#usedNow();
    await agent.worker?.send('use');
  }

  /** A conversation is done with the agent; the last one makes it `ready` again. */
  async release(name: string): Promise<void> {
    const agent = this.#require(name);
    agent.lastUsedAt = this.#usedNow();
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
    const next = new Map<string, AgentRecord>();
    for (const definition of definitions) {
      const agent = this.#agents.get(definition.name);
      if (!agent) {
        next.set(definition.name, newRecord(definition));
        continue;
      }
      next.set(definition.name, agent);
      const before = agent.definition;
      agent.definition = definition;
      if (launchChanged(before, definition) && running(agent)) {
        void agent.worker?.send('definitionChanged');
      } else if (shownChanged(before, definition)) {
        this.#announce(agent);
      }
    }
    for (const [name, agent] of this.#agents) {
      if (next.has(name)) continue;
      this.#departing.add(agent);
      void this.#stop(agent).finally(() => {
        this.#departing.delete(agent);
        this.#dismiss(agent);
        this.options.conversations?.forget(name);
      });
    }
    for (const agent of next.values()) {
      const { policy } = agent.definition;
      // Both posted now, before any later request: a message sent after a save sees its policy.
      void agent.worker?.call((api) =>
        Promise.all([api.setLanguage(language), api.setPolicy(policy)]),
      );
    }
    this.#agents = next;
    this.#changed();
  }

  /** Stops every agent at once (the application quits, or another configuration opens). */
  async stopAll(): Promise<void> {
    await Promise.all(this.#everyAgent().map((agent) => this.#stop(agent)));
  }

  /** Stops every agent, and the idle check: the supervisor is done. */
  async close(): Promise<void> {
    clearInterval(this.#idleCheck);
    await Promise.all([this.stopAll(), this.#spare?.close()]);
    for (const agent of this.#everyAgent()) this.#dismiss(agent);
  }

  /** Another configuration opens (after `stopAll`): every conversation is forgotten. */
  forgetConversations(): void {
    for (const agent of this.#everyAgent()) this.#dismiss(agent);
    this.options.conversations?.forget();
  }

  /** Whether `name` is an agent of the configuration. */
  /** The agent's definition, as the configuration gives it now. */
  definition(name: string): AgentDefinition | undefined {
    return this.#agents.get(name)?.definition;
  }

  has(name: string): boolean {
    return this.#agents.has(name);
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
    for (const agent of this.#everyAgent()) if (running(agent)) agent.worker?.killGroup();
  }

  #everyAgent(): AgentRecord[] {
    return [...this.#agents.values(), ...this.#departing];
  }

  /**
   * Launches `agent` once the limits let it, with whoever else wants it started meanwhile; rejects
   * if it is refused, or withdrawn before it launched (`#withdraw`).
   */
  #whenAdmitted(agent: AgentRecord, by: Wanter): Promise<void> {
    return this.#waiting.join(agent, by, (withdrawn) =>
      this.#exclusive(() => this.#admitAndLaunch(agent, withdrawn)),
    );
  }

  /**
   * Withdraws what `reason` says of the agent's waiting start: a Stop (its removal, the host
   * quitting) all of it, and the waiting turn ends cancelled; the conversation its own wish, the
   * start going on if a `Start` still wants it.
   */
  #withdraw(agent: AgentRecord, reason: 'stopped' | 'conversation'): void {
    const withdrawn = this.#waiting.withdraw(agent, reason);
    if (!withdrawn) return;
    if (reason === 'stopped' && withdrawn.turnWaited) {
      agent.waitingTurn = undefined;
      void agent.worker?.call((api) => api.cancel());
    }
    this.#changed();
  }

  async #admitAndLaunch(agent: AgentRecord, withdrawn: AbortSignal): Promise<void> {
    const { name } = agent.definition;
    const unlessWithdrawn = () => {
      if (withdrawn.aborted) {
        throw new StartWithdrawn('start-failed', this.#say('error.stoppedWhileStarting', { name }));
      }
    };
    for (;;) {
      unlessWithdrawn();
      if (running(agent)) return;
      const decision = admit(this.#supervised(), this.#limits.maxRunningAgents);
      switch (decision.kind) {
        case 'admit':
          return this.#launch(agent);
        case 'evict': {
          const victim = this.#require(decision.agent);
          await victim.worker?.send('evict');
          await this.#until(() => !running(victim) || victim.state === 'busy' || withdrawn.aborted);
          break;
        }
        case 'wait':
          await this.#nextChange();
          break;
        case 'refuse':
          throw new ServiceError(
            'limit',
            this.#say('error.limit', {
              count: decision.busy.length,
              names: decision.busy.join(', '),
              limit: decision.limit,
            }),
          );
      }
    }
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
    const { definition } = agent;
    const launch: AgentLaunch = {
      name: definition.name,
      command: definition.command,
      args: definition.args,
      env: agentEnvironment(process.env, definition.env),
      cwd: definition.cwd,
      ownFiles: this.options.ownFiles?.() ?? [],
      ...(this.options.mesh ? { mesh: this.options.mesh(definition.name) } : {}),
    };
    const worker = this.#workerOf(agent, launch);
    this.#update(agent, { state: 'starting', stopping: false, outdated: false, failure: null });
    void worker.call((api) => api.start(launch));
  }

  #onWorkerEvent(agent: AgentRecord, worker: AgentWorker, event: AgentWorkerEvent): void {
    if (agent.worker !== worker) return;
    const { name } = agent.definition;
    switch (event.type) {
      case 'log':
        agent.logs.push(event.line);
        this.options.emit({
          name: 'agent:log',
          data: { agent: agent.definition.name, line: event.line },
        });
        return;
      case 'spawned':
      case 'terminals':
        return;
      case 'conversation':
        if (this.options.conversations) {
          this.options.conversations.received(name, event.conversation, event.events);
        } else {
          for (const conversationEvent of event.events) this.options.emit(conversationEvent);
        }
        return;
      case 'session':
        this.options.conversations?.sessionOpened(name, event.conversation, event.session);
        return;
      case 'inspection':
        this.options.inspection?.received(agent.definition.name, event.records);
        return;
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
        this.#withdraw(agent, 'conversation');
        return;
      case 'state':
        // Starting, and each turn's beginning and end, count as a use (least recently used).
        if (event.state === 'ready' || event.state === 'busy') agent.lastUsedAt = this.#usedNow();
        this.#update(agent, event);
    }
  }

  #onWorkerDied(agent: AgentRecord, worker: AgentWorker, reason: string): void {
    if (agent.worker !== worker) return;
    worker.killGroup();
    agent.worker = undefined;
    const failure: AgentFailure = { kind: 'worker-died', reason };
    this.options.conversations?.interrupted(
      agent.definition.name,
      describeFailure(this.#language, failure),
    );
    if (running(agent)) this.#update(agent, { state: 'error', stopping: false, failure });
  }

  /** The agent's worker has nothing left to do (its process is gone, its conversation too). */
  #dismiss(agent: AgentRecord): void {
    const worker = agent.worker;
    agent.worker = undefined;
    void worker?.terminate();
  }

  #update(
    agent: AgentRecord,
    change: Partial<Pick<AgentRecord, 'state' | 'stopping' | 'outdated' | 'failure'>>,
  ): void {
    const before = { state: agent.state, outdated: agent.outdated };
    Object.assign(agent, {
      state: change.state ?? agent.state,
      stopping: change.stopping ?? agent.stopping,
      outdated: change.outdated ?? agent.outdated,
      failure: change.failure === undefined ? agent.failure : change.failure,
    });
    if (before.state !== agent.state || before.outdated !== agent.outdated) this.#announce(agent);
    this.#changed();
  }

  /** Wakes whatever waits for a change of the agents (`#nextChange`). */
  #changed(): void {
    for (const listener of [...this.#changeListeners]) listener();
  }

  /** `agent:state`: the agent changed state, or its definition changed. */
  #announce(agent: AgentRecord): void {
    const error = this.#errorOf(agent);
    this.options.emit({
      name: 'agent:state',
      data: {
        agent: agent.definition.name,
        state: agent.state,
        ...(error ? { error } : {}),
        outdated: agent.outdated,
      },
    });
  }

  /**
   * The time of a use, strictly after the previous one: two uses within the same millisecond
   * must still tell which was the least recent.
   */
  #usedNow(): number {
    this.#lastUse = Math.max(Date.now(), this.#lastUse + 0.001);
    return this.#lastUse;
  }

  #stopIdleAgents(): void {
    const now = Date.now();
    for (const name of idleAgents(this.#supervised(), now, this.#limits.stopIdleAgentsAfterMs)) {
      void this.#require(name).worker?.send('idleStop');
    }
  }

  #supervised(): SupervisedAgent[] {
    return this.#everyAgent().map((agent) => ({
      name: agent.definition.name,
      state: agent.state,
      stopping: agent.stopping,
      lastUsedAt: agent.lastUsedAt,
    }));
  }

  /** Admissions one at a time, so two starts never take the same place or evict the same agent. */
  #exclusive<T>(task: () => Promise<T> | T): Promise<T> {
    const result = this.#admissions.then(task);
    this.#admissions = result.catch(() => {});
    return result;
  }

  #nextChange(): Promise<void> {
    return new Promise((resolve) => {
      const listener = () => {
        this.#changeListeners.delete(listener);
        resolve();
      };
      this.#changeListeners.add(listener);
    });
  }

  async #until(condition: () => boolean): Promise<void> {
    while (!condition()) await this.#nextChange();
  }

  #require(name: string): AgentRecord {
    const agent = this.#agents.get(name);
    if (!agent) throw new ServiceError('unknown-agent', this.#say('error.unknownAgent', { name }));
    return agent;
  }

  #errorOf(agent: AgentRecord): string {
    return agent.state === 'error' && agent.failure
      ? describeFailure(this.#language, agent.failure)
      : '';
  }

  #say(...args: Parameters<typeof translate> extends [Language, ...infer Rest] ? Rest : never) {
    return translate(this.#language, ...args);
  }
}
