import type { BigIntStats } from 'node:fs';
import { lstat, opendir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** How many entries of an own folder (the state dir) are read for their identities, at most. */
const walkBound = 5_000;

/** A file's identity on this machine, whatever path reaches it: its device and inode. */
const identity = (stats: Pick<BigIntStats, 'dev' | 'ino'>) => `${stats.dev}:${stats.ino}`;

const statOf = (path: string) => stat(path, { bigint: true }).catch(() => undefined);

/** The identities of Switchboard's own files, and of its own folders, as they are now. */
export interface OwnIdentities {
  files: Set<string>;
  folders: Set<string>;
}

/**
 * The identities of `own` (Switchboard's own files and folders) now: a folder's own, and those of
 * every file and folder in it (its first {@link walkBound} entries), symlinks not followed. A hard
 * link to one of them, wherever it is, has the same identity; so has a bind mount of a folder.
 * Given the `candidate` path to check, the folders are walked only when it is a file with more
 * than one link: a file with one link is no hard link to anything, and the walk costs a stat per
 * entry of the state dir at every request.
 */
export async function ownIdentities(
  own: readonly string[],
  candidate?: string,
): Promise<OwnIdentities> {
  const found: OwnIdentities = { files: new Set(), folders: new Set() };
  const linked = candidate === undefined ? undefined : await statOf(candidate);
  const deep = candidate === undefined || (linked?.isFile() === true && linked.nlink > 1n);
  let entries = 0;
  const walk = async (folder: string): Promise<void> => {
    const dir = await opendir(folder).catch(() => undefined);
    if (!dir) return;
    for await (const entry of dir) {
      if (++entries > walkBound) break;
      const path = join(folder, entry.name);
      if (entry.isSymbolicLink()) continue;
      const stats = await lstat(path, { bigint: true }).catch(() => undefined);
      if (!stats) continue;
      if (stats.isDirectory()) {
        found.folders.add(identity(stats));
        await walk(path);
      } else {
        found.files.add(identity(stats));
      }
    }
  };
  for (const path of own) {
    const stats = await statOf(path);
    if (!stats) continue;
    if (!stats.isDirectory()) {
      found.files.add(identity(stats));
      continue;
    }
    found.folders.add(identity(stats));
    if (deep) await walk(path);
  }
  return found;
}

/**
 * Whether the file at real path `path` (which may not exist yet) is one of `own`'s, or inside one
 * of its folders, by identity: the file itself, else the folders it is (or would be) made in.
 */
export async function isOwnedBy(path: string, own: OwnIdentities): Promise<boolean> {
  const stats = await statOf(path);
  if (stats && (own.files.has(identity(stats)) || own.folders.has(identity(stats)))) return true;
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const folderStats = await statOf(folder);
    if (folderStats && own.folders.has(identity(folderStats))) return true;
    if (dirname(folder) === folder) return false;
  }
}

/** Whether an open file's `stats` are those of one of `own`'s files (what a handle reads). */
export const isOwnFile = (stats: Pick<BigIntStats, 'dev' | 'ino'>, own: OwnIdentities): boolean =>
  own.files.has(identity(stats));
