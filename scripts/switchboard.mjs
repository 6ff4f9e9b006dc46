#!/usr/bin/env node
// The `switchboard` command (`npm start`, `npx switchboard` in a checkout): builds what changed
// since the last build, then runs the host in this very process, so that Ctrl+C and `kill` reach
// the host itself, and whoever started it gets the shell back once the host has stopped its agents
// and exited, with its exit code. `npm start` runs it with `exec`: no shell stands between npm and
// the host either (npm forwards SIGINT and SIGTERM to its child; a shell would drop SIGINT and die
// of SIGTERM, leaving the host running).
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { staleSteps } from './buildSteps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Checking costs a few milliseconds; loading esbuild and Vite to find nothing to do, ~300.
if (staleSteps(root).length > 0) {
  const build = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('build.mjs', import.meta.url))],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  // Ctrl+C during the build: it stopped, and so does this command, the same way.
  if (build.signal) process.kill(process.pid, build.signal);
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The host reads its arguments from process.argv.slice(2), which are this command's.
await import('../dist/host/main.js');
