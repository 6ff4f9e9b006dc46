import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { translate } from '../i18n.ts';
import { makePrivateDir, privateFileMode } from '../privateFiles.ts';
import { defaultConfigPath } from '../stateDirs.ts';
import { ConfigError } from './loadConfig.ts';
import { defaultConfigText } from './defaultConfig.ts';

import type { ConfigSource } from '../../schema/config.ts';

export interface ConfigLocation {
  path: string;
  source: ConfigSource;
  /** The default file did not exist and was written with the default configuration. */
  created: boolean;
}

/**
 * Which configuration file CONTRACT.md §1 names, without touching the disk beyond looking: `--config`,
 * then `SWITCHBOARD_CONFIG`, then the most recent file opened from the application that still
 * exists, then the default file, which may not exist yet.
 */
export function configCandidate(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
  recent: readonly string[] = [],
): Omit<ConfigLocation, 'created'> {
  if (flag) return { path: resolve(flag), source: 'flag' };
  if (env.SWITCHBOARD_CONFIG) return { path: resolve(env.SWITCHBOARD_CONFIG), source: 'env' };
  const latest = recent.find((path) => existsSync(path));
  if (latest) return { path: latest, source: 'recent' };
  return { path: defaultConfigPath(env), source: 'default' };
}

/**
 * Which configuration file to open (CONTRACT.md §1), as {@link configCandidate} names it. A file
 * named by flag or env must exist; the default file is created when missing, its owner's alone
 * (agents' API keys go in it).
 */
export async function locateConfig(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
  recent: readonly string[] = [],
): Promise<ConfigLocation> {
  const { path, source } = configCandidate(flag, env, recent);
  if (existsSync(path)) return { path, source, created: false };
  if (source === 'flag' || source === 'env') {
    throw new ConfigError(translate('en', 'configFile.notFound', { path }));
  }
  await makePrivateDir(dirname(path));
  await writeFile(path, defaultConfigText(), { flag: 'wx', mode: privateFileMode });
  return { path, source, created: true };
}
