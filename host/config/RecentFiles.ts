import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from './atomicWrite.ts';

/** How many configuration files `ConfigService.Recent()` remembers. */
export const recentCapacity = 8;

/**
 * The configuration files opened from the application, most recent first, kept in the state dir
 * (CONTRACT.md §1). Files that no longer exist are left out.
 */
export class RecentFiles {
  constructor(private readonly file: string) {}

  async list(): Promise<string[]> {
    return (await this.#read()).filter((path) => existsSync(path)).slice(0, recentCapacity);
  }

  async remember(path: string): Promise<void> {
    const paths = [path, ...(await this.#read()).filter((known) => known !== path)];
    await mkdir(dirname(this.file), { recursive: true });
    await writeFileAtomic(
      this.file,
      `${JSON.stringify(paths.slice(0, recentCapacity), null, 2)}\n`,
    );
  }

  async #read(): Promise<string[]> {
    try {
      const value: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      return Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [];
    } catch {
      return []; // none yet, or unreadable: nothing to offer
    }
  }
}
