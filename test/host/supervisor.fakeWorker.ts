import type fc from 'fast-check';
import type { Remote } from 'comlink';
import type {
  AgentWorker,
  AgentWorkerCallbacks,
  LifecycleCommand,
} from '../../host/AgentWorkerHandle.ts';
import type { AgentState } from '../../schema/agents.ts';
import type { AgentWorkerApi, AgentWorkerEvent } from '../../schema/worker.ts';

export const holdsPlace = (state: AgentState): boolean =>
  state === 'starting' || state === 'ready' || state === 'busy';

/**
 * One direction of a port: what is posted arrives in order, each message when the scheduler says
 * (so the host's calls, the worker's events and its replies race as they do between threads).
 */
class Port<T> {
  readonly #queue: T[] = [];

  constructor(
    private readonly scheduler: fc.Scheduler,
    private readonly label: string,
    private readonly receive: (message: T) => void,
  ) {}

  post(message: T): void {
    this.#queue.push(message);
    void this.scheduler.schedule(Promise.resolve(), this.label).then(() => {
      const next = this.#queue.shift();
      if (next !== undefined) this.receive(next);
    });
  }
}

/** What the fake tells its test, and asks of it. */
export interface FakeWorkerWorld {
  scheduler: fc.Scheduler;
  /** Something broke a rule: said when it happens. */
  broken(what: string): void;
  /** A call left the host (before the worker takes it). */
  sent(name: string, method: keyof AgentWorkerApi): void;
  /** A state event reached the host. */
  reported(name: string, state: AgentState): void;
}

/**
 * An agent's worker as the supervisor sees it (`AgentWorker`), its replies and events through
 * the scheduler: its lifecycle reduced to the states of the table with a `stopping` flag (as
 * `agentLifecycleMachine` reports them), a conversation reduced to one turn that may wait for the
 * agent. The process does nothing by itself: `startEnds` and `exits` say what it does.
 */
export class FakeWorker implements AgentWorker {
  state: AgentState = 'stopped';
  stopping = false;
  /** Conversations using the agent (`use`, a turn running): `busy` while there is one. */
  users = 0;
  /** A turn that asked for the agent and waits for it. */
  turnWaits = false;
  /** A turn running on the agent (it is one of its users). */
  turnRuns = false;
  /** The host heard the turn ask for the agent (`wantsAgent`), and nothing since that ends it. */
  hostHeardWish = false;
  gone = false;
  readonly #exited: Promise<undefined>;
  #exit: (value: undefined) => void = () => {};
  readonly #inbox: Port<() => void>;
  readonly #events: Port<AgentWorkerEvent>;
  readonly #replies: Port<() => void>;

  constructor(
    readonly name: string,
    private readonly callbacks: AgentWorkerCallbacks,
    private readonly world: FakeWorkerWorld,
  ) {
    const { scheduler } = world;
    this.#exited = new Promise((resolve) => (this.#exit = resolve));
    this.#inbox = new Port(scheduler, `${name} takes a call`, (take) => take());
    this.#replies = new Port(scheduler, `${name} replies`, (reply) => reply());
    this.#events = new Port(scheduler, `${name} posts an event`, (event) => {
      if (this.gone) return;
      if (event.type === 'state') world.reported(name, event.state);
      if (event.type === 'wantsAgent') this.hostHeardWish = true;
      if (event.type === 'agentNotWanted') this.hostHeardWish = false;
      callbacks.event(event);
    });
  }

  get running(): boolean {
    return holdsPlace(this.state) && !this.stopping;
  }

  #emit(change: Partial<Pick<FakeWorker, 'state' | 'stopping'>>): void {
    Object.assign(this, change);
    const failed = this.state === 'error';
    this.#events.post({
      type: 'state',
      state: this.state,
      stopping: this.stopping,
      outdated: false,
      failure: failed ? { kind: 'crashed', code: 1, signal: null } : null,
      exit: null,
    });
  }

  readonly #api = {
    start: () => {
      if (holdsPlace(this.state)) this.world.broken(`${this.name} launched twice`);
      this.users = 0;
      this.#emit({ state: 'starting', stopping: false });
    },
    // As the machine: a stop during the start is kept for its end; idleStop and evict only idle.
    stop: () => holdsPlace(this.state) && !this.stopping && this.#emit({ stopping: true }),
    idleStop: () => this.#stopIdle(),
    evict: () => this.#stopIdle(),
    use: () => this.#use(),
    release: () => this.#release(),
    definitionChanged: () => {},
    setLanguage: () => {},
    setPolicy: () => {},
    inspect: () => {},
    cancel: () => {
      const waited = this.turnWaits;
      this.turnWaits = false;
      if (this.turnRuns) this.endTurn();
      if (waited) this.#events.post({ type: 'agentNotWanted' });
    },
    // A turn cancelled while the answer was on its way is gone: the answer finds none (a race).
    agentUnavailable: () => {
      this.turnWaits = false;
      this.hostHeardWish = false;
    },
  };

  #stopIdle(): void {
    if (this.state === 'ready' && !this.stopping) this.#emit({ stopping: true });
  }

  #use(): void {
    if (!this.running || this.state === 'starting') return;
    this.users++;
    if (this.state === 'ready') this.#emit({ state: 'busy' });
  }

  #release(): void {
    if (this.state !== 'busy' || this.stopping) return;
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0) this.#emit({ state: 'ready' });
  }

  /**
   * The worker's API as Comlink makes it on the host's side: each call is posted at once (in the
   * order made), taken when the scheduler says, and answered later, or never once the worker is
   * gone.
   */
  readonly #remote = new Proxy({} as Remote<AgentWorkerApi>, {
    get: (_target, method: keyof AgentWorkerApi) => {
      return (...args: unknown[]) => {
        this.world.sent(this.name, method);
        return new Promise((resolve) =>
          this.#inbox.post(() => {
            if (this.gone) return;
            const api = this.#api as Record<string, (...args: unknown[]) => unknown>;
            const value = api[method]?.(...args);
            this.#replies.post(() => !this.gone && resolve(value));
          }),
        );
      };
    },
  });

  send(command: LifecycleCommand): Promise<void> {
    return this.call((api) => api[command]()).then(() => {});
  }

  /** As `AgentWorkerHandle.call`: `undefined` if the worker is gone before it answers. */
  call<T>(request: (api: Remote<AgentWorkerApi>) => Promise<T>): Promise<T | undefined> {
    if (this.gone) return Promise.resolve(undefined);
    return Promise.race([request(this.#remote), this.#exited]);
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }

  /** The host kills the process group: whatever the fake ran is gone. */
  killGroup(): void {
    this.state = holdsPlace(this.state) ? 'error' : this.state;
    this.stopping = false;
    this.turnRuns = false;
    this.turnWaits = false;
    this.users = 0;
  }

  terminate(): Promise<void> {
    this.gone = true;
    this.#exit(undefined);
    return Promise.resolve();
  }

  /** The thread dies by itself (an uncaught error): the host hears it, its events are lost. */
  dies(): void {
    this.gone = true;
    this.#exit(undefined);
    void this.world.scheduler
      .schedule(Promise.resolve(), `${this.name} dies`)
      .then(() => this.callbacks.died('fake worker died'));
  }

  /** ChatService.Send: a turn that needs the agent, which asks for a start unless it runs. */
  sendMessage(): void {
    if (this.turnWaits || this.turnRuns) return;
    if (this.running && this.state !== 'starting') return this.#runTurn();
    this.turnWaits = true;
    this.#events.post({ type: 'wantsAgent' });
  }

  #runTurn(): void {
    this.turnWaits = false;
    this.hostHeardWish = false;
    this.turnRuns = true;
    this.#use();
  }

  endTurn(): void {
    if (!this.turnRuns) return;
    this.turnRuns = false;
    this.#release();
  }

  /** The handshake ends: ready (a waiting turn begins at once), or failed. */
  startEnds(ok: boolean): void {
    if (this.state !== 'starting') return;
    if (this.stopping) return; // the stop that waited now runs: only `exits` ends it
    // A failed start: the supervisor tells the waiting turn (`agentUnavailable`).
    if (!ok) return this.#emit({ state: 'error' });
    this.#emit({ state: 'ready' });
    if (this.turnWaits) this.#runTurn();
  }

  /** The process is gone: stopped if it was on its way out, else a crash. */
  exits(): void {
    if (!holdsPlace(this.state) || (this.state === 'starting' && !this.stopping)) return;
    this.turnRuns = false;
    this.users = 0;
    this.#emit({ state: this.stopping ? 'stopped' : 'error', stopping: false });
  }
}
