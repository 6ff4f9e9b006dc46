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
  /** The most its reported cost may reach in one conversation; `null`: no limit. */
  budget: number | null;
}

/** `limits` of the configuration, durations in milliseconds. */
export interface Limits {
  maxRunningAgents: number;
  /** 0 = never. */
  stopIdleAgentsAfterMs: number;
}

export const defaultLimits: Limits = { maxRunningAgents: 3, stopIdleAgentsAfterMs: 15 * 60_000 };
