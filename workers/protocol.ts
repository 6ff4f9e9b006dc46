/**
 * What an agent worker thread starts from (`workerData`): the Node side of the boundary, with its
 * event port. What crosses the boundary afterwards is in `schema/worker.ts`.
 */
import type { Language } from '../locales/translate.ts';
import type { LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import type { AgentPolicy } from '../schema/config.ts';
import type { AgentLaunch, WorkerSeed } from '../schema/worker.ts';

/** What the host hands a new agent worker (`workerData`). */
export interface AgentWorkerData {
  name: string;
  language: Language;
  /** The agent's `budget` and permission rules. */
  policy?: AgentPolicy;
  /** The agent's current conversation, as the host keeps it (a previous worker's, or stored). */
  seed?: WorkerSeed;
  timings?: Partial<LifecycleTimings>;
  /** Some client watches this agent's actors: forward their inspection from the start. */
  inspect?: boolean;
  /**
   * The worker is made for a start with this launch: it spawns the agent at once, and loads the
   * rest of its code while the agent boots (the first `start` takes that process).
   */
  launch?: AgentLaunch;
  /** The port the worker posts its events on. */
  events: import('node:worker_threads').MessagePort;
}

/**
 * What the host hands a spare agent worker (`host/SpareWorker.ts`): it loads its code, says so
 * with one message (`'loaded'`), then waits for its agent: the first message it gets is an
 * `AdoptMessage`.
 */
export interface SpareWorkerData {
  spare: true;
}

/** A spare worker becomes the worker of an agent: what a new one gets as `workerData`. */
export interface AdoptMessage {
  type: 'adopt';
  data: AgentWorkerData;
}
