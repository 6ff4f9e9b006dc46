import { MessageChannel, type Worker } from 'node:worker_threads';
import type { LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import type {
  AgentLaunch,
  AgentWorkerApi,
  AgentWorkerEvent,
  HostPortMessage,
  WorkerSeed,
} from '../schema/worker.ts';
import type { AdoptMessage, AgentWorkerData } from '../workers/protocol.ts';
import type { AgentPolicy } from '../schema/config.ts';
import type { Language } from './i18n.ts';
import { killMarked, releaseWorker, signalGroup, wrapWorker, type Remote } from '../workers/rpc.ts';
import { agentWorkerThread } from './SpareWorker.ts';

/** The calls of `AgentWorkerApi` that feed the agent's lifecycle and take no argument. */
export type LifecycleCommand =
  'stop' | 'idleStop' | 'evict' | 'use' | 'release' | 'definitionChanged';

/**
 * The host tells a worker what it read of its agent's log each time it has read this much: well
 * under what the worker lets be on its way (1 MB), so a steady log never waits.
 */
const logReadStep = 128 * 1024;

/** Who the worker is for, and what it starts with. */
export interface AgentWorkerInit {
  name: string;
  language: Language;
  policy?: AgentPolicy;
  seed?: WorkerSeed;
  inspect?: boolean;
  /** Made for a start: the worker spawns the agent before it loads the rest of its code. */
  launch?: AgentLaunch;
}

/** What the supervisor uses of an agent's worker: an `AgentWorkerHandle`, or a test's fake. */
export interface AgentWorker {
  send(command: LifecycleCommand): Promise<void>;
  call<T>(request: (api: Remote<AgentWorkerApi>) => Promise<T>): Promise<T | undefined>;
  /** Resolves once every event the worker had to post has reached the host (or it is gone). */
  sync(): Promise<void>;
  killGroup(): void;
  terminate(): Promise<void>;
}

export interface AgentWorkerCallbacks {
  event(event: AgentWorkerEvent): void;
  /** The worker thread ended without being asked to. */
  died(reason: string): void;
}

/**
 * The host's side of one agent worker thread: its API (through `workers/rpc.ts`), its event
 * port, and the pid of the agent's process group, which the host kills itself if the worker
 * dies (`worker.terminate()` does not kill what a worker spawned: nodejs/node#46569).
 */
export class AgentWorkerHandle implements AgentWorker {
  readonly api: Remote<AgentWorkerApi>;
  /** The agent's process group, once spawned. */
  pid: number | undefined;
  /** The process groups that hold something of its run (terminals, what left the agent's group). */
  groups: readonly number[] = [];
  /** The run marker of its agent's last run: what carries it goes with the agent. */
  marker: string | undefined;
  readonly #worker: Worker;
  readonly #events: MessageChannel;
  readonly #exited: Promise<void>;
  #terminating = false;
  /** Log characters taken off the port since the worker was last told. */
  #logRead = 0;
  /** Who waits for each `sync` asked. */
  readonly #syncs = new Map<number, () => void>();
  #lastSync = 0;

  /** `spare`: a spare worker thread, loaded (`SpareWorker`), adopted instead of making one. */
  constructor(
    init: AgentWorkerInit,
    timings: Partial<LifecycleTimings> | undefined,
    callbacks: AgentWorkerCallbacks,
    spare?: Worker,
  ) {
    this.#events = new MessageChannel();
    const workerData: AgentWorkerData = { ...init, timings, events: this.#events.port2 };
    const transfer = [this.#events.port2];
    if (spare) {
      const adopt: AdoptMessage = { type: 'adopt', data: workerData };
      spare.postMessage(adopt, transfer);
      this.#worker = spare;
    } else {
      this.#worker = agentWorkerThread(`agent ${init.name}`, workerData, transfer);
    }
    this.api = wrapWorker<AgentWorkerApi>(this.#worker);
    this.#events.port1.on('message', (event: AgentWorkerEvent) => {
      if (event.type === 'synced') return this.#synced(event.id);
      if (event.type === 'spawned') [this.pid, this.marker] = [event.pid, event.marker];
      if (event.type === 'processes') this.groups = event.groups;
      // The worker outlives its agent's runs: a group that is gone is not this handle's anymore.
      if (event.type === 'state' && (event.state === 'stopped' || event.state === 'error')) {
        this.pid = undefined;
      }
      callbacks.event(event);
      if (event.type === 'log') this.#readLog(event.line.length);
    });
    let failure: Error | undefined;
    this.#worker.on('error', (error) => (failure = error));
    this.#exited = new Promise((resolve) => {
      this.#worker.once('exit', (code) => {
        this.#events.port1.close();
        if (!this.#terminating) callbacks.died(failure?.message ?? `exit code ${code}`);
        resolve();
      });
    });
  }

  sync(): Promise<void> {
    const id = ++this.#lastSync;
    const synced = new Promise<void>((resolve) => this.#syncs.set(id, resolve));
    const message: HostPortMessage = { type: 'sync', id };
    this.#events.port1.postMessage(message);
    return Promise.race([synced, this.#exited]);
  }

  #synced(id: number): void {
    this.#syncs.get(id)?.();
    this.#syncs.delete(id);
  }

  /** Tells the worker what of its agent's log is read, a step at a time (`HostPortMessage`). */
  #readLog(characters: number): void {
    this.#logRead += characters;
    if (this.#logRead < logReadStep) return;
    const message: HostPortMessage = { type: 'logRead', bytes: this.#logRead };
    this.#events.port1.postMessage(message);
    this.#logRead = 0;
  }

  /**
   * Sends a lifecycle command to the worker. It resolves when the worker has taken it, or when
   * the worker is gone: a reply lost with its thread must not leave the caller waiting forever.
   * What the command leads to arrives as events.
   */
  async send(command: LifecycleCommand): Promise<void> {
    await this.call((api) => api[command]());
  }

  /** Calls the worker; `undefined` if the worker is gone before it answers. */
  async call<T>(request: (api: Remote<AgentWorkerApi>) => Promise<T>): Promise<T | undefined> {
    return Promise.race([request(this.api), this.#exited.then(() => undefined)]);
  }

  /** The worker thread itself. */
  get thread(): Worker {
    return this.#worker;
  }

  /**
   * Kills the agent's whole process group, its terminals', and whatever carries its run's marker,
   * at once: the last line of defence.
   */
  killGroup(): void {
    for (const pid of [this.pid, ...this.groups]) signalGroup(pid, 'SIGKILL');
    if (this.marker !== undefined) killMarked(this.marker);
  }

  /** Ends the worker thread. Its agent must already be gone (or be killed with `killGroup`). */
  async terminate(): Promise<void> {
    this.#terminating = true;
    releaseWorker(this.api);
    this.#events.port1.close();
    await this.#worker.terminate();
  }
}
