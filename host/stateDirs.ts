import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the host keeps what it remembers (CONTRACT.md §1): recent files, token, TLS material. */
export function stateDir(env: Env = process.env): string {
  if (env.SWITCHBOARD_STATE_DIR) return env.SWITCHBOARD_STATE_DIR;
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'switchboard');
}

/** The default configuration file (CONTRACT.md §1, source `default`). */
export function defaultConfigPath(env: Env = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'switchboard', 'config.yaml');
}
