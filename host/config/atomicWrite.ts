import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { privateFileMode } from '../privateFiles.ts';

/**
 * Writes `text` to `path` so that a reader (an editor, the watcher, a crash) sees the old file or
 * the new one, never half of it: a temporary file beside it, flushed, then renamed over it. The
 * file gets `mode` (its owner's alone unless told), whatever the mode of the one it replaces: a
 * configuration saved from the app holds agents' API keys.
 */
export async function writeFileAtomic(
  path: string,
  text: string,
  mode = privateFileMode,
): Promise<void> {
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const file = await open(temporary, 'wx', mode);
  try {
    await file.writeFile(text);
    await file.sync();
    await file.close();
    await rename(temporary, path);
  } catch (error) {
    await file.close().catch(() => {});
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
