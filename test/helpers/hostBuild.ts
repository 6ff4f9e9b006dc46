import { join } from 'node:path';
import { repoRoot } from './typescriptProcess.ts';

/**
 * The host as `test/globalSetup.ts` bundles it once per run, laid out as `npm run build` lays out
 * `dist/`: its workers, the built-in agent and the app beside it.
 */
export const hostBuild = join(repoRoot, 'test', '.build', 'dist');

/** The PWA as `test/globalSetup.ts` builds it once per run, for every test that only serves it. */
export const sharedAppDir = join(hostBuild, 'pwa');

/** The command of a test host: the bundle of this run, with `args`. */
export const hostCommand = (args: string[]): { command: string; args: string[] } => ({
  command: process.execPath,
  args: ['--enable-source-maps', join(hostBuild, 'host', 'main.js'), ...args],
});
