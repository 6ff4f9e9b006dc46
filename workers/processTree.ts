import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The variable every agent process and terminal command is started with, `<run>` for the agent
 * and `<run>/<terminal id>` for a terminal: each process they start inherits it unless it scrubs
 * its environment, so what they left behind is found even once it has left their process group
 * and lost its parent (docs/decisions.md, "Agent lifecycle").
 */
export const runVariable = 'SWITCHBOARD_AGENT_RUN';

/** What /proc says of a live process (Linux). */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** When it started, in clock ticks since boot: with `pid`, it names one process, never reused. */
  start: number;
}

/** Whether processes can be read from /proc here (Linux); elsewhere only process groups are known. */
export const canReadProcesses = existsSync('/proc/self/stat');

/** `/proc/<pid>/stat` read, or `undefined` if the process is gone or a zombie. */
function readProcess(pid: number): ProcessInfo | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces and parentheses: the fields follow the last.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), start: Number(fields[19]) };
}

/** Every live process /proc shows (none where there is no /proc). */
export function listProcesses(): ProcessInfo[] {
  if (!canReadProcesses) return [];
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    const info = readProcess(Number(entry));
    return info ? [info] : [];
  });
}

/**
 * The value of {@link runVariable} a process was started with, if it can be read: only a process
 * of this user (anyone else's environment is not readable, and is none of ours).
 */
export function runOf(pid: number): string | undefined {
  let environ: string;
  try {
    environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return undefined;
  }
  const prefix = `${runVariable}=`;
  return environ
    .split('\0')
    .find((entry) => entry.startsWith(prefix))
    ?.slice(prefix.length);
}

/** This process and its group: never signalled, whatever a marker or a group says. */
const own = readProcess(process.pid);
/** Whether `pgid` is a group Switchboard may signal (never its own, never init's). */
export const foreignGroup = (pgid: number) => pgid > 1 && pgid !== own?.pgid;

/** Sends `signal` to `pid` (a negative one: its group); a process already gone is not an error. */
export function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // ESRCH: already gone.
  }
}

/**
 * SIGKILLs at once, with their groups, every process whose {@link runVariable} starts with
 * `prefix`: the host's last resort when it exits or an agent's worker dies, when no worker is
 * left to stop what an agent started. Linux only (a no-op without /proc).
 */
export function killMarked(prefix: string): void {
  for (const { pid, pgid } of listProcesses()) {
    if (pid === process.pid || !runOf(pid)?.startsWith(prefix)) continue;
    if (foreignGroup(pgid)) signalProcess(-pgid, 'SIGKILL');
    signalProcess(pid, 'SIGKILL');
  }
}
