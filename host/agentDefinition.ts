import type { AgentPolicy } from '../schema/config.ts';

/** One agent of the configuration, resolved: defaults applied, `cwd` absolute. */
export interface AgentDefinition {
  name: string;
  title: string;
  icon: string;
  description: string;
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** Its `budget` and the permission rules that may answer for it. */
  policy: AgentPolicy;
}

/** `limits` of the configuration, durations in milliseconds. */
export interface Limits {
  maxRunningAgents: number;
  /** 0 = never. */
  stopIdleAgentsAfterMs: number;
}

export const defaultLimits: Limits = { maxRunningAgents: 3, stopIdleAgentsAfterMs: 15 * 60_000 };
