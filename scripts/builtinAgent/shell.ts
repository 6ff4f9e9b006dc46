/**
 * Runs the shell commands the user allowed, each in its own process group so
 * that a cancel or a timeout stops everything the command started.
 */
import { spawn } from 'node:child_process';

/** How a command ended and what it printed (stdout and stderr interleaved). */
export type ShellResult = {
  output: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
};

const runningGroups = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Kills every command still running, for when the agent itself goes away. */
export function killRunningCommands(): void {
  for (const pid of runningGroups) killGroup(pid, 'SIGKILL');
  runningGroups.clear();
}

/**
 * Runs `command` with the system shell in `cwd`, with no standard input (the
 * agent's stdin is the ACP channel). Aborting `signal` or passing `timeoutMs`
 * sends SIGTERM to the command's group, then SIGKILL a second later.
 */
export function runShell(
  command: string,
  {
    cwd,
    signal,
    timeoutMs = 30_000,
    maxBytes = 64 * 1024,
  }: { cwd: string; signal?: AbortSignal; timeoutMs?: number; maxBytes?: number },
): Promise<ShellResult> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, {
      cwd,
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    let timedOut = false;
    let cancelled = false;
    let killTimer: NodeJS.Timeout | undefined;

    const keep = (chunk: Buffer): void => {
      const room = maxBytes - kept;
      if (chunk.length > room) truncated = true;
      if (room <= 0) return;
      const part = chunk.subarray(0, room);
      chunks.push(part);
      kept += part.length;
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);

    const stop = (): void => {
      // The group may outlive its shell (`cmd &` keeps the pipes open): kill it regardless.
      if (child.pid === undefined || killTimer) return;
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(
        () => child.pid !== undefined && killGroup(child.pid, 'SIGKILL'),
        1000,
      );
    };
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    const timeout = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    if (child.pid !== undefined) runningGroups.add(child.pid);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (exitCode: number | null, exitSignal: NodeJS.Signals | null): void => {
      clearTimeout(timeout);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      if (child.pid !== undefined) runningGroups.delete(child.pid);
      resolvePromise({
        output: Buffer.concat(chunks).toString('utf8'),
        exitCode,
        signal: exitSignal,
        truncated,
        timedOut,
        cancelled,
      });
    };
    child.on('error', (error) => {
      keep(Buffer.from(`${error.message}\n`));
      finish(null, null);
    });
    child.on('close', finish);
  });
}
