import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomicWrite.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The access token of CONTRACT.md §4: `SWITCHBOARD_TOKEN` when set, else the one kept in
 * `<stateDir>/token`, made on first use (32 random bytes, base64url) so that a paired browser
 * stays paired across restarts. The file is kept at mode 0600 (a looser one is tightened), and
 * the state dir is made 0700 when missing.
 *
 * @example
 * const token = await loadOrCreateToken(stateDir(), process.env);
 */
export async function loadOrCreateToken(stateDir: string, env: Env = process.env): Promise<string> {
  const fixed = env.SWITCHBOARD_TOKEN;
  if (fixed) return fixed;
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, 'token');
  const existing = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) {
    if ((existing.mode & 0o077) !== 0) await chmod(path, 0o600);
    const stored = (await readFile(path, 'utf8')).trim();
    if (stored) return stored;
  }
  const token = randomBytes(32).toString('base64url');
  await writeFileAtomic(path, `${token}\n`, 0o600);
  return token;
}

/**
 * Whether `given` is `token`, in a time that does not depend on where they differ nor on their
 * lengths: both are hashed first, so the comparison is between two 32-byte digests. UTF-16 code
 * units are hashed (not UTF-8, which maps every lone surrogate to the same bytes), so the answer
 * is exactly `given === token`.
 */
export function tokenMatches(given: string, token: string): boolean {
  return timingSafeEqual(digest(given), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf16le').digest();
}

/**
 * The value of the session cookie for `token`: an HMAC of it, so the cookie never holds the
 * token itself, yet stays the same across restarts (a paired PWA stays paired) and changes when
 * the token does (changing the token unpairs every browser).
 */
/**
 * The secret of the one device the old session cookie ({@link sessionValue}) becomes: made from
 * the token, so that every request with that cookie can be given the same device's cookie.
 */
export function oldCookieDeviceSecret(token: string): string {
  return createHmac('sha256', token).update('switchboard old-cookie device v1').digest('base64url');
}

export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('switchboard session v1').digest('base64url');
}
