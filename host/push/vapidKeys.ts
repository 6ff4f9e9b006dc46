import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { writeFileAtomic } from '../config/atomicWrite.ts';

/** The host's VAPID key pair (RFC 8292), base64url as `web-push` takes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys of this host, made once and kept in `<stateDir>/push/vapid.json` (mode 0600, its
 * folder 0700): every device subscribed with the public key, so it never changes by itself.
 * A file that is not a key pair is an error, never replaced (that would cut every device).
 *
 * @example
 * const { publicKey } = await loadOrCreateVapidKeys(stateDir());
 */
export async function loadOrCreateVapidKeys(stateDir: string): Promise<VapidKeys> {
  const folder = join(stateDir, 'push');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, 'vapid.json');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) {
    const keys = webpush.generateVAPIDKeys();
    await writeFileAtomic(path, `${JSON.stringify(keys)}\n`, 0o600);
    return keys;
  }
  await chmod(path, 0o600);
  const keys = JSON.parse(text) as Partial<VapidKeys>;
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(keys.publicKey ?? '') || !base64url.test(keys.privateKey ?? '')) {
    throw new Error(`${path} holds no VAPID key pair`);
  }
  return { publicKey: keys.publicKey!, privateKey: keys.privateKey! };
}
