/**
 * The agent part of the wire (REFERENCE.md "Agent states", "Events", "Services"),
 * shared by the host, the workers and the PWA.
 */

export type AgentState = 'stopped' | 'starting' | 'ready' | 'busy' | 'error';

export const agentStates: readonly AgentState[] = ['stopped', 'starting', 'ready', 'busy', 'error'];

/**
 * An agent runs once its start has ended and until it stops: `ready` or `busy`. A `starting` one
 * already holds a place (`holdsPlace` in machines/supervisionPolicy.ts) but does not run yet.
 */
export const isRunning = (state: AgentState): boolean => state === 'ready' || state === 'busy';

/**
 * Why an agent is in `error`, as data: the host words it in the user's language.
 * `stderr` holds the agent's last stderr lines when the start failed.
 */
export type AgentFailure = (
  | { kind: 'spawn-failed'; command: string; reason: string }
  | { kind: 'handshake-timeout'; seconds: number }
  | { kind: 'handshake-refused'; reason: string }
  | { kind: 'protocol-mismatch'; version: number }
  | { kind: 'exited-during-start'; code: number | null; signal: string | null }
  | { kind: 'crashed'; code: number | null; signal: string | null }
  | { kind: 'worker-died'; reason: string }
) & { stderr?: readonly string[] };

/** How the agent's process ended. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/** An entry of `AgentService.List()`. */
export interface AgentSummary {
  name: string;
  title: string;
  icon: string;
  description: string;
  state: AgentState;
  error: string;
  outdated: boolean;
}

/** Payload of the `agent:state` event. */
export interface AgentStateEvent {
  agent: string;
  state: AgentState;
  error?: string;
  outdated: boolean;
}

/** Payload of the `agent:log` event. */
export interface AgentLogEvent {
  agent: string;
  line: string;
}
