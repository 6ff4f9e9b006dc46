import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateToken, sessionValue } from '../../../host/access/token.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A state dir that does not exist yet, inside a fresh temporary folder. */
async function missingStateDir(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'switchboard-token-'));
  made.push(root);
  return join(root, 'state', 'switchboard');
}

describe('loadOrCreateToken', () => {
  it('creates 32 random bytes in base64url, in a 0600 file of a 0700 state dir', async () => {
    const dir = await missingStateDir();
    const token = await loadOrCreateToken(dir, {});
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await readFile(join(dir, 'token'), 'utf8')).trim()).toBe(token);
    expect((await stat(join(dir, 'token'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('reuses the persisted token on every later call', async () => {
    const dir = await missingStateDir();
    const token = await loadOrCreateToken(dir, {});
    expect(await loadOrCreateToken(dir, {})).toBe(token);
    expect(await loadOrCreateToken(dir, { SWITCHBOARD_TOKEN: '' })).toBe(token);
  });

  it('makes a different token for each state dir', async () => {
    const tokens = [
      await loadOrCreateToken(await missingStateDir(), {}),
      await loadOrCreateToken(await missingStateDir(), {}),
    ];
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('tightens a token file readable by others to 0600, and keeps its token', async () => {
    const dir = await missingStateDir();
    await loadOrCreateToken(dir, {});
    const path = join(dir, 'token');
    await writeFile(path, 'chosen-by-hand\n');
    await chmod(path, 0o644);
    expect(await loadOrCreateToken(dir, {})).toBe('chosen-by-hand');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('replaces an empty token file', async () => {
    const dir = await missingStateDir();
    await loadOrCreateToken(dir, {});
    await writeFile(join(dir, 'token'), '\n');
    expect(await loadOrCreateToken(dir, {})).toMatch(/^[\w-]{43}$/);
  });

  it('takes SWITCHBOARD_TOKEN first, and then writes nothing', async () => {
    const dir = await missingStateDir();
    expect(await loadOrCreateToken(dir, { SWITCHBOARD_TOKEN: 'fixed' })).toBe('fixed');
    await expect(stat(join(dir, 'token'))).rejects.toMatchObject({ code: 'ENOENT' });
    const persisted = await loadOrCreateToken(dir, {});
    expect(await loadOrCreateToken(dir, { SWITCHBOARD_TOKEN: 'fixed' })).toBe('fixed');
    expect(await loadOrCreateToken(dir, {})).toBe(persisted);
  });
});

describe('sessionValue', () => {
  it('is stable for a token, differs between tokens, and does not hold the token', () => {
    expect(sessionValue('a token')).toBe(sessionValue('a token'));
    expect(sessionValue('a token')).not.toBe(sessionValue('another token'));
    expect(sessionValue('a token')).not.toContain('a token');
  });
});
