import { readdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BrowseResult } from '../../schema/config.ts';

const isYaml = (name: string) => /\.ya?ml$/i.test(name);

/**
 * A folder as the Open… dialog shows it (CONTRACT.md §3, `ConfigService.Browse`): its folders,
 * then its `*.yaml` and `*.yml` files, each sorted by name; hidden entries left out.
 */
export async function browse(dir: string): Promise<BrowseResult> {
  const absolute = resolve(dir);
  const entries = await readdir(absolute, { withFileTypes: true });
  const shown = entries
    .filter((entry) => !entry.name.startsWith('.'))
    .filter((entry) => entry.isDirectory() || (entry.isFile() && isYaml(entry.name)))
    .map((entry) => ({ name: entry.name, dir: entry.isDirectory() }))
    .sort((a, b) => Number(b.dir) - Number(a.dir) || a.name.localeCompare(b.name));
  return { dir: absolute, parent: dirname(absolute), entries: shown };
}
