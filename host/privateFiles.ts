/**
 * What Switchboard keeps for itself (the state dir, the configuration it writes) is its owner's
 * alone: conversations, the token, keys, and agents' API keys in the configuration's `env`. Each
 * folder and file is made with its mode, never chmod-ed after: the process umask is left alone,
 * since the agents, its children, would inherit it for the files they write in the user's
 * repositories.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { translate, type Language } from './i18n.ts';

/** The mode of a folder Switchboard makes for itself. */
export const privateDirMode = 0o700;

/** The mode of a file Switchboard makes for itself. */
export const privateFileMode = 0o600;

/** Makes the folder `path`, and those missing above it, private. */
export async function makePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: privateDirMode });
}

/** What `repairModes` changed, and what it could not, by path from the folder it walked. */
interface ModeRepair {
  repaired: string[];
  failed: { path: string; reason: string }[];
}

/**
 * Takes from group and others every access to `root` and what it holds, at any depth: a host
 * before issue 31.1 made folders 0755 and files 0644, now 0700 and 0600. The owner's bits stay as
 * they are, so a state dir set to a folder that is not Switchboard's alone loses no executable
 * bit. Links are left alone, and not followed.
 */
async function repairModes(root: string): Promise<ModeRepair> {
  const repair: ModeRepair = { repaired: [], failed: [] };
  const attempt = async (path: string, change: () => Promise<void>) => {
    try {
      await change();
    } catch (error) {
      repair.failed.push({ path: relative(root, path) || '.', reason: (error as Error).message });
    }
  };
  const visit = async (path: string): Promise<void> => {
    const stats = await lstat(path);
    if (!stats.isDirectory() && !stats.isFile()) return;
    if ((stats.mode & 0o077) !== 0) {
      await attempt(path, async () => {
        await chmod(path, stats.mode & 0o700);
        repair.repaired.push(relative(root, path) || '.');
      });
    }
    if (stats.isDirectory()) {
      await attempt(path, async () => {
        for (const entry of (await readdir(path)).sort()) await visit(join(path, entry));
      });
    }
  };
  await visit(root);
  return repair;
}

/**
 * Makes the state dir `dir` private (made so when missing, repaired when older hosts left it open
 * to others) and returns the log lines that say what changed, in `language`: none when nothing did.
 */
export async function privateStateDir(dir: string, language: Language): Promise<string[]> {
  await makePrivateDir(dir);
  const { repaired, failed } = await repairModes(dir);
  const lines: string[] = [];
  if (repaired.length > 0) {
    lines.push(
      translate(language, 'state.modesRepaired', {
        dir,
        count: repaired.length,
        paths: repaired.join(', '),
      }),
    );
  }
  if (failed.length > 0) {
    lines.push(
      translate(language, 'state.modesNotRepaired', {
        dir,
        count: failed.length,
        paths: failed.map(({ path }) => path).join(', '),
        reason: failed[0]!.reason,
      }),
    );
  }
  return lines;
}
