/**
 * What the app's build step prints (scripts/build.mjs, the first `npm start`): the same Vite build,
 * configuration and log level, as its own process, into a folder of its own. Rolldown's
 * `bundlerTimings` check printed a screen of `[PLUGIN_TIMINGS]` before the host's ready line (the
 * service worker's Workbox build is most of the build's time, by design).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/typescriptProcess.ts';

const run = promisify(execFile);
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('the app’s build step', () => {
  it('builds without printing the bundler’s plugin timings', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'switchboard-app-build-'));
    folders.push(outDir);
    const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    const { stdout, stderr } = await run(
      process.execPath,
      [vite, 'build', '--config', 'pwa/vite.config.ts', '--logLevel', 'warn', '--outDir', outDir],
      // As `npm start` runs it: a production build (Vitest's NODE_ENV=test would make it another).
      { cwd: repoRoot, env: { ...process.env, NODE_ENV: 'production' } },
    );
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(existsSync(join(outDir, 'sw.js'))).toBe(true);
    expect(`${stdout}${stderr}`).not.toContain('PLUGIN_TIMINGS');
  }, 300_000);
});
