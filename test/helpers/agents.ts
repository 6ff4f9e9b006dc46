import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AgentDefinition } from '../../host/agentDefinition.ts';
import { typescriptProcess } from './typescriptProcess.ts';

/** A configuration entry that runs the fake ACP agent of `test/fixtures` with `flags`. */
export function fakeAgent(name: string, flags: string[] = []): AgentDefinition {
  const { command, args } = typescriptProcess('test/fixtures/fakeAgent.ts', flags);
  return { name, title: name, icon: '🧪', description: '', command, args, env: {}, cwd: tmpdir() };
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
  handshakeTimeoutMs: 2_000,
  stopGraceMs: 400,
  killGraceMs: 400,
  idleCheckIntervalMs: 100,
};
