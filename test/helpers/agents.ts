import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AgentDefinition } from '../../host/agentDefinition.ts';
import { join } from 'node:path';
import { repoRoot } from './typescriptProcess.ts';

/** Where test/globalSetup.ts builds the fake agent (inside the repository, for node_modules). */
export const fakeAgentBuild = join(repoRoot, 'test', '.build', 'fakeAgent.mjs');

/** The command that runs the fake ACP agent of `test/fixtures` with `flags`. */
export function fakeAgentCommand(flags: string[] = []): { command: string; args: string[] } {
  return { command: process.execPath, args: [fakeAgentBuild, ...flags] };
}

/** A configuration entry that runs the fake ACP agent of `test/fixtures` with `flags`. */
export function fakeAgent(name: string, flags: string[] = []): AgentDefinition {
  const { command, args } = fakeAgentCommand(flags);
  const cwd = tmpdir();
  return {
    name,
    title: name,
    icon: '🧪',
    description: '',
    command,
    args,
    env: {},
    cwd,
    policy: { budget: null, permissions: [] },
  };
}

/**
 * Whether a process is alive: it exists and is not a zombie (an orphan whose parent has not
 * reaped it yet is dead for every purpose here).
 */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Timings short enough for tests, long enough for a loaded 2-core machine. */
export const testTimings = {
  handshakeTimeoutMs: 3_000,
  stopGraceMs: 400,
  killGraceMs: 400,
  idleCheckIntervalMs: 100,
};
