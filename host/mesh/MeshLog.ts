import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { addLogEntry, type MeshHistory } from '../../machines/meshFold.ts';
import type { MeshFreeze, MeshLogEntry } from '../../schema/mesh.ts';
import { writeFileAtomic } from '../config/atomicWrite.ts';
import { makePrivateDir } from '../privateFiles.ts';

/**
 * What this host's agents sent and received through the mesh, for the app's Mesh panel: the last
 * entries, and the freezes still in force. Kept in the state folder, so a freeze outlives a
 * restart of the host. Each new entry is published (`mesh:message`).
 */
export class MeshLog {
  #history: MeshHistory;
  #saved: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    history: MeshHistory,
    private readonly publish: (entry: MeshLogEntry) => void,
  ) {
    this.#history = history;
  }

  static async open(file: string, publish: (entry: MeshLogEntry) => void): Promise<MeshLog> {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    await makePrivateDir(dirname(file));
    // The freezes are kept apart from the log: a freeze outlives the 200 messages after it.
    const history =
      text === undefined ? { log: [], freezes: [] } : (JSON.parse(text) as MeshHistory);
    return new MeshLog(file, history, publish);
  }

  record(entry: MeshLogEntry): void {
    this.#history = addLogEntry(this.#history, entry);
    this.publish(entry);
    const text = JSON.stringify(this.#history);
    this.#saved = this.#saved.catch(() => {}).then(() => writeFileAtomic(this.file, text, 0o600));
  }

  entries(): MeshLogEntry[] {
    return this.#history.log;
  }

  /** The freezes in force: a `freeze` not followed by a `freeze-clear` from its machine. */
  freezes(): MeshFreeze[] {
    return this.#history.freezes;
  }

  async close(): Promise<void> {
    await this.#saved.catch(() => {});
  }
}
