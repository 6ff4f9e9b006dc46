import { homedir, hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { SwitchboardConfiguration } from '../../schema/config.gen.ts';
import type { PermissionRule, Problem } from '../../schema/config.ts';
import { defaultLimits, type AgentDefinition, type Limits } from '../agentDefinition.ts';
import type { Language } from '../i18n.ts';
import type { ChannelDefinition } from '../mesh/NatsChannel.ts';

/** A configuration that loaded: defaults applied, paths absolute. */
export interface Config {
  path: string;
  language: Language;
  theme: 'system' | 'light' | 'dark';
  limits: Limits;
  agents: AgentDefinition[];
  /** The agent mesh's channels; none means this machine alone. */
  channels: ChannelDefinition[];
  allowedHosts: string[];
  /** `permissions`, in order. */
  permissions: PermissionRule[];
}

/** A configuration file that cannot be used, and why: its first error, and all its problems. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}

const durationUnits: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `90s`, `15m`, `1h`, `0` → milliseconds. */
export function parseDuration(text: string | number): number {
  if (text === 0 || text === '0') return 0;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(String(text).trim());
  if (!match) throw new ConfigError(`“${text}” is not a duration (90s, 15m, 1h or 0)`);
  return Number(match[1]) * durationUnits[match[2]!]!;
}

/** `~` and `~/…` → the home folder; a relative path → from `folder`. */
export function resolveFolder(path: string, folder: string): string {
  const expanded = /^~(?=$|[\\/])/.test(path) ? homedir() + path.slice(1) : path;
  return resolve(folder, expanded);
}

/**
 * The configuration a valid file describes, as the host runs it: defaults applied, `cwd` absolute
 * (from the file's folder), the idle delay in milliseconds, each title defaulting to its name.
 */
export function resolveConfig(file: SwitchboardConfiguration, path: string): Config {
  const folder = dirname(resolve(path));
  const limits = file.limits ?? {};
  const permissions = (file.permissions ?? []).map((rule, index) => ({ ...rule, index }));
  const agents = Object.entries(file.agents ?? {}).flatMap(([name, agent]) =>
    agent
      ? [
          {
            name,
            title: agent.title ?? name,
            icon: agent.icon ?? '',
            description: agent.description ?? '',
            command: agent.command,
            args: agent.args ?? [],
            env: Object.fromEntries(
              Object.entries(agent.env ?? {}).flatMap(([key, value]) =>
                value === undefined ? [] : [[key, value]],
              ),
            ),
            cwd: resolveFolder(agent.cwd ?? '.', folder),
            policy: {
              budget: agent.budget ?? null,
              permissions: permissions.filter((rule) => (rule.agent ?? name) === name),
            },
          } satisfies AgentDefinition,
        ]
      : [],
  );
  return {
    path,
    language: file.language ?? 'en',
    theme: file.theme ?? 'system',
    limits: {
      maxRunningAgents: limits.maxRunningAgents ?? defaultLimits.maxRunningAgents,
      stopIdleAgentsAfterMs:
        limits.stopIdleAgentsAfter === undefined
          ? defaultLimits.stopIdleAgentsAfterMs
          : parseDuration(limits.stopIdleAgentsAfter),
    },
    agents,
    channels: (file.channels ?? []).map((channel) => ({
      name: channel.name,
      nats: /^[a-z]+:\/\//.test(channel.nats) ? channel.nats : `nats://${channel.nats}`,
      machine: channel.machine ?? hostname(),
      ...(channel.user !== undefined ? { user: channel.user, password: channel.password } : {}),
      ...(channel.creds !== undefined ? { creds: resolveFolder(channel.creds, folder) } : {}),
    })),
    allowedHosts: file.allowedHosts ?? [],
    permissions,
  };
}
