import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import type { ProcessExit } from '../schema/agents.ts';
import type { AgentLaunch } from '../schema/worker.ts';
import { runVariable } from './processTree.ts';

/** The run marker `launch` gives its processes, as the `spawned` event carries it. */
export function runMarker(launch: AgentLaunch): { marker?: string } {
  const marker = launch.env[runVariable];
  return marker === undefined ? {} : { marker };
}

/**
 * An agent's process, just spawned, with what happens to it kept as promises: whoever takes it
 * later (`AgentProcess`, once the worker's code has loaded) misses none of it.
 */
export interface SpawnedAgent {
  launch: AgentLaunch;
  child: ChildProcessWithoutNullStreams;
  /** The spawn failed (no such command…): the process never ran. */
  failed: Promise<NodeJS.ErrnoException>;
  exited: Promise<ProcessExit>;
  /**
   * Its stdout and stderr, to read from instead of the child's own: they keep what the agent
   * wrote until someone reads it, where Node drops what nobody reads from a process that exits.
   */
  stdout: Readable;
  stderr: Readable;
  /** Its stdout ended (or broke) and everything it wrote there has been read. */
  stdoutEnded: Promise<void>;
  /** The same for its stderr. */
  stderrEnded: Promise<void>;
}

/** `source` through a stream that holds what it gets until read (pausing `source` when full). */
function keep(source: Readable): Readable {
  const kept = new PassThrough();
  source.pipe(kept);
  source.once('error', () => kept.end());
  return kept;
}

/** Resolves once `stream` has ended and been read to its end. */
const ended = (stream: Readable) =>
  new Promise<void>((resolve) => {
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });

/**
 * Spawns an agent in a process group of its own, so that a stop reaches what it started (a model
 * server behind a wrapper script). Its stdio is piped and not read yet.
 */
export function spawnAgent(launch: AgentLaunch): SpawnedAgent {
  const { command, args, env, cwd } = launch;
  const child = spawn(command, args, { cwd, env, detached: true, stdio: 'pipe' });
  // The stop sequence closes stdin while the agent may still read it or exit; a broken pipe on
  // any of its streams ends in the process's exit, which is what gets reported.
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on('error', () => {});
  const failed = new Promise<NodeJS.ErrnoException>((resolve) =>
    child.on('error', (error: NodeJS.ErrnoException) => {
      // An error after a successful spawn (a signal that could not be sent): `exit` follows.
      if (child.pid === undefined) resolve(error);
    }),
  );
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const [stdout, stderr] = [keep(child.stdout), keep(child.stderr)];
  return {
    launch,
    child,
    failed,
    exited,
    stdout,
    stderr,
    stdoutEnded: ended(stdout),
    stderrEnded: ended(stderr),
  };
}
