import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { translate } from '../i18n.ts';
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
 * Which configuration file to open (CONTRACT.md §1): `--config`, then `SWITCHBOARD_CONFIG`, then
 * the most recent file opened from the application that still exists, then the default file,
 * created when missing. A file named by flag or env must exist.
 */
export async function locateConfig(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
  recent: readonly string[] = [],
): Promise<ConfigLocation> {
  const named = flag
    ? { path: resolve(flag), source: 'flag' as const }
    : env.SWITCHBOARD_CONFIG
      ? { path: resolve(env.SWITCHBOARD_CONFIG), source: 'env' as const }
      : undefined;
  if (named) {
    if (!existsSync(named.path)) {
      throw new ConfigError(translate('en', 'configFile.notFound', { path: named.path }));
    }
    return { ...named, created: false };
  }
  const latest = recent.find((path) => existsSync(path));
  if (latest) return { path: latest, source: 'recent', created: false };
  const path = defaultConfigPath(env);
  if (existsSync(path)) return { path, source: 'default', created: false };
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, defaultConfigText(), { flag: 'wx' });
  return { path, source: 'default', created: true };
}
