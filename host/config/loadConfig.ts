import { ConfigError, type Config } from './resolveConfig.ts';
import { validateConfig } from './validateConfig.ts';
import { readConfigText } from './readConfigText.ts';

export { ConfigError, parseDuration, type Config } from './resolveConfig.ts';

/**
 * The configuration a text describes (CONTRACT.md §2), or a `ConfigError` with the text's first
 * error as its message and every problem as its `problems`. Warnings do not stop it.
 */
export function parseConfig(source: string, path: string): Config {
  const { problems, config } = validateConfig(source, path);
  if (config) return config;
  const firstError = problems.find((problem) => !problem.warning);
  throw new ConfigError(firstError?.message ?? 'invalid configuration', problems);
}

/** Reads and checks the configuration file at `path`. */
export async function loadConfig(path: string): Promise<Config> {
  return parseConfig(await readConfigText(path), path);
}
