import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** mkcert's root: its certificate and key, both PEM. */
export interface MkcertRoot {
  folder: string;
  cert: string;
  key: string;
}

/**
 * Where mkcert keeps its root (https://github.com/FiloSottile/mkcert#changing-the-location-of-the-ca-files):
 * `$CAROOT` when set (and then only there, as mkcert does), else what `mkcert -CAROOT` prints,
 * else mkcert's default folder for this platform.
 */
async function mkcertFolder(env: Env = process.env): Promise<string> {
  if (env.CAROOT) return env.CAROOT;
  const printed = await new Promise<string | undefined>((resolve) => {
    execFile('mkcert', ['-CAROOT'], { timeout: 3000, env: { ...env } }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim() || undefined),
    );
  });
  return printed ?? defaultFolder(env);
}

function defaultFolder(env: Env): string {
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'mkcert');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA ?? home, 'mkcert');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'mkcert');
}

/**
 * mkcert's root when this machine has one the host may use: `rootCA.pem` and `rootCA-key.pem`
 * both readable. Whether they make a working authority is for the caller to check.
 */
export async function findMkcertRoot(env: Env = process.env): Promise<MkcertRoot | undefined> {
  const folder = await mkcertFolder(env);
  try {
    const [cert, key] = await Promise.all([
      readFile(join(folder, 'rootCA.pem'), 'utf8'),
      readFile(join(folder, 'rootCA-key.pem'), 'utf8'),
    ]);
    return { folder, cert, key };
  } catch {
    return undefined;
  }
}
