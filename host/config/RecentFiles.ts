import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makePrivateDir } from '../privateFiles.ts';
import { writeFileAtomic } from './atomicWrite.ts';

/** How many configuration files `ConfigService.Recent()` remembers. */
const recentCapacity = 8;

/**
 * The configuration files opened from the application, most recent first, kept in the state dir
 * (CONTRACT.md §1). Files that no longer exist are left out.
 */
export class RecentFiles {
  /** What the file held when last read or written. */
  #known: readonly string[] = [];

  constructor(private readonly file: string) {}

  /** Every path remembered when the file was last read or written, existing or not. */
  known(): readonly string[] {
    return this.#known;
  }

  async list(): Promise<string[]> {
    return (await this.#read()).filter((path) => existsSync(path)).slice(0, recentCapacity);
  }

  async remember(path: string): Promise<void> {
    const paths = [path, ...(await this.#read()).filter((known) => known !== path)].slice(
      0,
      recentCapacity,
    );
    await makePrivateDir(dirname(this.file));
    await writeFileAtomic(this.file, `${JSON.stringify(paths, null, 2)}\n`);
    this.#known = paths;
  }

  async #read(): Promise<string[]> {
    try {
      const value: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      this.#known = Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [];
      return [...this.#known];
    } catch {
      return []; // none yet, or unreadable: nothing to offer
    }
  }
}
