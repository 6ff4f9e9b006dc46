import { isRunning, type AgentState } from '../schema/agents.ts';

/** What the supervision policy needs to know of one agent. */
export interface SupervisedAgent {
  name: string;
  state: AgentState;
  /** In its stop sequence: the process is alive, but on its way out. */
  stopping: boolean;
  /** When it was last started, used or released (any clock, same for all). */
  lastUsedAt: number;
}

/** What to do with a start request when the running agents are counted. */
export type Admission =
  | { kind: 'admit' }
  /** Stop this agent first (the least recently used idle one), then ask again. */
  | { kind: 'evict'; agent: string }
  /**
   * No idle agent, but one on its way out or one starting (its start may fail, or leave it idle):
   * ask again once one of them has changed.
   */
  | { kind: 'wait' }
  /** Every place is held by a `busy` agent: `busy` names them. */
  | { kind: 'refuse'; busy: string[]; limit: number };

/**
 * An agent holds a place while it has a process: `starting`, `ready` and `busy`, stopping or
 * not. Counting `starting` agents keeps "never more processes than the limit" true at all times.
 */
export const holdsPlace = (agent: Pick<SupervisedAgent, 'state'>): boolean =>
  agent.state === 'starting' || isRunning(agent.state);

const evictable = (agent: SupervisedAgent) => agent.state === 'ready' && !agent.stopping;

/**
 * Whether an agent that has no process may start now (REFERENCE.md, `limits.maxRunningAgents`):
 * under the limit it may; at the limit the least recently used idle (`ready`) agent is evicted
 * first; with none, a start waits for the agents on their way out and for the starts in flight;
 * only when every place is held by a `busy` agent is it refused.
 */
export function admit(agents: readonly SupervisedAgent[], limit: number): Admission {
  const holders = agents.filter(holdsPlace);
  if (holders.length < limit) return { kind: 'admit' };
  const idle = holders.filter(evictable).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  if (idle[0]) return { kind: 'evict', agent: idle[0].name };
  if (holders.some((agent) => agent.stopping || agent.state === 'starting')) {
    return { kind: 'wait' };
  }
  return { kind: 'refuse', busy: holders.map((agent) => agent.name), limit };
}

/**
 * The `ready` agents unused for `stopAfterMs` at `now` (REFERENCE.md: checked every 30 s).
 * `stopAfterMs` 0 means never.
 */
export function idleAgents(
  agents: readonly SupervisedAgent[],
  now: number,
  stopAfterMs: number,
): string[] {
  if (stopAfterMs <= 0) return [];
  return agents
    .filter((agent) => evictable(agent) && now - agent.lastUsedAt >= stopAfterMs)
    .map((agent) => agent.name);
}
