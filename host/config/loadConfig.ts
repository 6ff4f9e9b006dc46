import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Language } from '../i18n.ts';
import { defaultLimits, type AgentDefinition, type Limits } from '../agentDefinition.ts';

/** A configuration that loaded: defaults applied, paths absolute. */
export interface Config {
  path: string;
  language: Language;
  theme: 'system' | 'light' | 'dark';
  limits: Limits;
  agents: AgentDefinition[];
  allowedHosts: string[];
}

/** A configuration file that cannot be used, and why. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const durationUnits: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `90s`, `15m`, `1h`, `0` → milliseconds. */
export function parseDuration(text: string | number): number {
  if (text === 0 || text === '0') return 0;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(String(text).trim());
  if (!match) throw new ConfigError(`“${text}” is not a duration (90s, 15m, 1h or 0)`);
  return Number(match[1]) * durationUnits[match[2]!]!;
}

const expandHome = (path: string) =>
  path === '~' ? homedir() : path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;

const record = (value: unknown, where: string): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(`${where} must be a map`);
  }
  return value as Record<string, unknown>;
};

const text = (value: unknown, where: string, fallback?: string): string => {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'string') throw new ConfigError(`${where} must be text`);
  return value;
};

/**
 * Reads a configuration's text (CONTRACT.md §2). This is the minimal reading the host needs to
 * run; the JSON Schema with positions and warnings comes with the configuration issue.
 */
export function parseConfig(source: string, path: string): Config {
  let document: unknown;
  try {
    document = parse(source);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const root = record(document, 'the configuration');
  const limits = record(root.limits, 'limits');
  const folder = dirname(path);
  const agents = Object.entries(record(root.agents, 'agents')).map(([name, value]) => {
    const where = `agents.${name}`;
    const agent = record(value, where);
    const args = agent.args ?? [];
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      throw new ConfigError(`${where}.args must be a list of strings`);
    }
    const env = Object.fromEntries(
      Object.entries(record(agent.env, `${where}.env`)).map(([key, val]) => [key, String(val)]),
    );
    const cwd = expandHome(text(agent.cwd, `${where}.cwd`, folder));
    return {
      name,
      title: text(agent.title, `${where}.title`, name),
      icon: text(agent.icon, `${where}.icon`, ''),
      description: text(agent.description, `${where}.description`, ''),
      command: text(agent.command, `${where}.command`),
      args: args,
      env,
      cwd: isAbsolute(cwd) ? cwd : resolve(folder, cwd),
    } satisfies AgentDefinition;
  });
  const language = root.language ?? 'en';
  if (language !== 'en' && language !== 'fr') throw new ConfigError('language must be en or fr');
  const theme = root.theme ?? 'system';
  if (theme !== 'system' && theme !== 'light' && theme !== 'dark') {
    throw new ConfigError('theme must be system, light or dark');
  }
  const maxRunningAgents = limits.maxRunningAgents ?? defaultLimits.maxRunningAgents;
  if (!Number.isInteger(maxRunningAgents) || (maxRunningAgents as number) < 1) {
    throw new ConfigError('limits.maxRunningAgents must be an integer of 1 or more');
  }
  return {
    path,
    language,
    theme,
    limits: {
      maxRunningAgents: maxRunningAgents as number,
      stopIdleAgentsAfterMs:
        limits.stopIdleAgentsAfter === undefined
          ? defaultLimits.stopIdleAgentsAfterMs
          : parseDuration(limits.stopIdleAgentsAfter as string | number),
    },
    agents,
    allowedHosts: ((root.allowedHosts as unknown[] | undefined) ?? []).map(String),
  };
}

export async function loadConfig(path: string): Promise<Config> {
  return parseConfig(await readFile(path, 'utf8'), path);
}
