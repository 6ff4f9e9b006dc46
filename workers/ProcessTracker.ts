import {
  canReadProcesses,
  foreignGroup,
  listProcesses,
  runOf,
  signalProcess,
  type ProcessInfo,
} from './processTree.ts';

/** Who started a process: the agent, or the terminal of that id. */
export type ProcessOwner = 'agent' | `terminal:${string}`;

/** How often /proc is read while something runs: a child is found before its parent can exit. */
const scanEveryMs = 500;
/** After a SIGKILL, how long /proc is read again for what was forked meanwhile. */
const killFollowUpsMs = [100, 400, 1000];

interface Tracked extends ProcessInfo {
  owner: ProcessOwner;
}

/** The owner a run marker names: `<run>` is the agent's, `<run>/<terminal id>` a terminal's. */
function ownerOf(marker: string | undefined, run: string): ProcessOwner | undefined {
  if (marker === run) return 'agent';
  return marker?.startsWith(`${run}/`) ? `terminal:${marker.slice(run.length + 1)}` : undefined;
}

/**
 * Every process of one agent run, whatever group or session it moved to: the agent's and its
 * terminals' (the roots), what they started while still linked to them (found by `ppid` on each
 * look at /proc, every 500 ms and before each signal), and what carries the run's marker
 * ({@link runVariable}) though it lost its parent. Signals go to each one's process group, led or
 * not, and to each process. Without /proc (not Linux) only the roots' groups are known.
 *
 * @example
 * const tracker = new ProcessTracker(run, (groups) => post({ type: 'processes', groups }));
 * tracker.add(child.pid, 'agent');
 * tracker.signal('SIGTERM', 'agent');
 * tracker.killAll();
 */
export class ProcessTracker {
  readonly #tracked = new Map<number, Tracked>();
  /** The groups the roots were started in, by owner: signalled even once their leader is gone. */
  readonly #rootGroups = new Map<number, ProcessOwner>();
  /** Processes seen without the marker (`pid:start`): their environment is read once. */
  #unmarked = new Set<string>();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** When the first root started: nothing older can be the run's. */
  #since = Infinity;
  #reported = '';

  constructor(
    /** The run's marker: its agent's processes carry it, each terminal's `<run>/<terminal id>`. */
    readonly run: string,
    /** Told the process groups that hold something of the run, each time they change. */
    private readonly onGroups: (groups: number[]) => void = () => {},
  ) {}

  /** A process the run started itself (the agent, a terminal's command), in a group it leads. */
  add(pid: number, owner: ProcessOwner): void {
    this.#rootGroups.set(pid, owner);
    this.#scan();
    this.#timer ??= setInterval(() => this.#scan(), scanEveryMs);
    this.#timer.unref();
  }

  /** Reads /proc now: what is linked to the run's processes now is known from now on. */
  refresh(): void {
    this.#scan();
  }

  /** Sends `signal` to what `owner` started (everything, when none is named). */
  signal(signal: NodeJS.Signals, owner?: ProcessOwner): void {
    const processes = this.#scan();
    const mine = (of: ProcessOwner) => owner === undefined || of === owner;
    const live = processes && new Set(processes.map(({ pgid }) => pgid));
    const groups = new Set<number>();
    for (const [pgid, of] of this.#rootGroups) if (mine(of)) groups.add(pgid);
    for (const process of this.#tracked.values()) if (mine(process.owner)) groups.add(process.pgid);
    // A group no process is in any more may be a number the system gave again: left alone.
    for (const pgid of groups) {
      if (foreignGroup(pgid) && (live?.has(pgid) ?? true)) signalProcess(-pgid, signal);
    }
    for (const process of this.#tracked.values()) {
      if (mine(process.owner)) signalProcess(process.pid, signal);
    }
  }

  /** The run is over: everything it left is SIGKILLed, and again for what was forked meanwhile. */
  killAll(): void {
    this.signal('SIGKILL');
    clearInterval(this.#timer);
    for (const ms of killFollowUpsMs) setTimeout(() => this.signal('SIGKILL'), ms).unref();
  }

  /**
   * Reads /proc: what the known processes started, what bears the marker, what is gone. Returns
   * every process it read (`undefined` without /proc).
   */
  #scan(): ProcessInfo[] | undefined {
    if (!canReadProcesses) {
      this.#report();
      return undefined;
    }
    const processes = listProcesses();
    const byPid = new Map(processes.map((process) => [process.pid, process]));
    for (const [pid, known] of this.#tracked) {
      if (byPid.get(pid)?.start !== known.start) this.#tracked.delete(pid);
    }
    const groups = new Set(processes.map(({ pgid }) => pgid));
    for (const [pid, owner] of this.#rootGroups) {
      const root = byPid.get(pid);
      if (root && root.pgid === pid && !this.#tracked.has(pid)) {
        this.#tracked.set(pid, { ...root, owner });
        this.#since = Math.min(this.#since, root.start);
      }
      // Its group is empty: the number may be given again, to someone else's.
      if (!groups.has(pid)) this.#rootGroups.delete(pid);
    }
    const since = this.#since;
    const unmarked = new Set<string>();
    for (let found = true; found;) {
      found = false;
      for (const process of processes) {
        if (this.#tracked.has(process.pid) || process.start < since) continue;
        const parent = this.#tracked.get(process.ppid);
        const owner = parent?.owner ?? this.#markedOwner(process, unmarked);
        if (owner) {
          this.#tracked.set(process.pid, { ...process, owner });
          found = true;
        }
      }
    }
    this.#unmarked = unmarked;
    this.#report();
    return processes;
  }

  #markedOwner(process: ProcessInfo, unmarked: Set<string>): ProcessOwner | undefined {
    const key = `${process.pid}:${process.start}`;
    if (this.#unmarked.has(key) || unmarked.has(key)) {
      unmarked.add(key);
      return undefined;
    }
    const owner = ownerOf(runOf(process.pid), this.run);
    if (!owner) unmarked.add(key);
    return owner;
  }

  #report(): void {
    const groups = new Set(this.#rootGroups.keys());
    for (const { pgid } of this.#tracked.values()) if (foreignGroup(pgid)) groups.add(pgid);
    const sorted = [...groups].sort((a, b) => a - b);
    const key = sorted.join(',');
    if (key === this.#reported) return;
    this.#reported = key;
    this.onGroups(sorted);
  }
}
