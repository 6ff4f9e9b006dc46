/**
 * Sends `signal` to the whole process group that `pid` leads (a child spawned `detached`, so its
 * own children go with it). A group already gone, or a child that never got a pid, is not an
 * error: there is nothing left to signal.
 */
export function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}
