/** What the host and an agent worker say to each other: types only. */
import type { LifecycleTimings } from '../machines/agentLifecycleMachine.ts';
import type { AgentFailure, AgentState, ProcessExit } from '../schema/agents.ts';

/** How to run an agent, resolved from the configuration (paths absolute, env merged). */
export interface AgentLaunch {
  name: string;
  command: string;
  args: readonly string[];
  /** The agent's environment: the host's, plus the configuration's `env`. */
  env: Readonly<Record<string, string>>;
  cwd: string;
}

/** What the host hands a new agent worker (`workerData`). */
export interface AgentWorkerData {
  launch: AgentLaunch;
  timings?: Partial<LifecycleTimings>;
  /** The port the worker posts its events on. */
  events: import('node:worker_threads').MessagePort;
}

/** Events from an agent worker, posted on its event port in the order they happen. */
export type AgentWorkerEvent =
  | {
      type: 'state';
      state: AgentState;
      /** In the stop sequence: the process is still alive but on its way out. */
      stopping: boolean;
      outdated: boolean;
      failure: AgentFailure | null;
      exit: ProcessExit | null;
    }
  | { type: 'log'; line: string }
  /** The agent's process was spawned in its own process group, led by `pid`. */
  | { type: 'spawned'; pid: number };

/** The API an agent worker exposes through `workers/rpc.ts`. Outcomes arrive as events. */
export interface AgentWorkerApi {
  start(): void;
  stop(): void;
  idleStop(): void;
  evict(): void;
  use(): void;
  release(): void;
  definitionChanged(): void;
  /** The last stderr lines of this run, oldest first. */
  logs(): string[];
}
