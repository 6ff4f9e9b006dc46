import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { ProcessExit } from '../schema/agents.ts';
import type { AgentLaunch } from './protocol.ts';

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
  /** Its stdout closed (or broke): everything it wrote there can be read. */
  stdoutEnded: Promise<void>;
}

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
  const stdoutEnded = new Promise<void>((resolve) => {
    child.stdout.once('close', resolve);
    child.stdout.once('error', () => resolve());
  });
  return { launch, child, failed, exited, stdoutEnded };
}
