import type { Browser } from 'playwright-core';
import { beforeAll } from 'vitest';
import { browserPerFile, buildApp } from './browser.ts';
import { hostPerFile, type StartHost } from './hostProcess.ts';

/**
 * What an end-to-end test file starts with: the app built once before its first test, `start`
 * running a host that serves it (stopped after the file; `env` added to the app's folder), and
 * `launch` giving the file's Chromium.
 * @example
 * const { start, launch } = appHostsPerFile();
 * const host = await start(atlasConfig('en', ['--session']));
 */
export function appHostsPerFile(): { start: StartHost; launch: () => Promise<Browser> } {
  const start = hostPerFile();
  const launch = browserPerFile();
  let appDir = '';
  beforeAll(async () => {
    appDir = await buildApp();
  }, 120_000);
  return {
    start: (config, args = [], env = {}, place) =>
      start(config, args, { SWITCHBOARD_APP_DIR: appDir, ...env }, place),
    launch,
  };
}
