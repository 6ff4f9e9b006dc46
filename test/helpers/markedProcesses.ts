import { readdirSync, readFileSync } from 'node:fs';
import { isAlive } from './agents.ts';

/**
 * A `sleep` duration no other test uses, for finding its processes in /proc by their arguments:
 * `600.<pid of this test file's process><n>` (a valid duration that names this run).
 */
export const markedSleep = (n: number): string => `600.${process.pid}${n}`;

/** The live processes (not zombies) one of whose arguments starts with `prefix`, read from /proc. */
export function processesWith(prefix: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    const pid = Number(entry);
    if (pid !== process.pid && argv.some((arg) => arg.startsWith(prefix)) && isAlive(pid)) {
      found.push(pid);
    }
  }
  return found;
}

/** Kills every process `processesWith(prefix)` finds: what a failed test left behind. */
export function killProcessesWith(prefix: string): void {
  for (const pid of processesWith(prefix)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}
