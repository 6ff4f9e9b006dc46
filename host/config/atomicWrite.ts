import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `text` to `path` so that a reader (an editor, the watcher, a crash) sees the old file or
 * the new one, never half of it: a temporary file beside it, flushed, then renamed over it. The
 * file keeps its mode; a new file gets `mode`.
 */
export async function writeFileAtomic(path: string, text: string, mode = 0o644): Promise<void> {
  const existing = await stat(path).catch(() => undefined);
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const file = await open(temporary, 'wx', existing ? existing.mode & 0o7777 : mode);
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
