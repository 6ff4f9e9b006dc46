import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MeshFreeze, MeshLogEntry } from '../../schema/mesh.ts';
import { writeFileAtomic } from '../config/atomicWrite.ts';

/** Entries kept, the oldest dropped first. */
export const meshLogCapacity = 200;

/**
 * What this host's agents sent and received through the mesh, for the app's Mesh panel: the last
 * entries, and the freezes still in force. Kept in the state folder, so a freeze outlives a
 * restart of the host. Each new entry is published (`mesh:message`).
 */
export class MeshLog {
  #entries: MeshLogEntry[];
  /** The last `freeze` or `freeze-clear` seen from each machine, by its handle. */
  #freezes = new Map<string, MeshFreeze | undefined>();
  #saved: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    entries: MeshLogEntry[],
    private readonly publish: (entry: MeshLogEntry) => void,
  ) {
    this.#entries = [];
    for (const entry of entries) this.#add(entry);
  }

  static async open(file: string, publish: (entry: MeshLogEntry) => void): Promise<MeshLog> {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    await mkdir(dirname(file), { recursive: true });
    const entries =
      text === undefined ? [] : (JSON.parse(text) as { entries: MeshLogEntry[] }).entries;
    return new MeshLog(file, entries, publish);
  }

  record(entry: MeshLogEntry): void {
    this.#add(entry);
    this.publish(entry);
    const text = JSON.stringify({ entries: this.#entries });
    this.#saved = this.#saved.catch(() => {}).then(() => writeFileAtomic(this.file, text, 0o600));
  }

  entries(): MeshLogEntry[] {
    return [...this.#entries];
  }

  /** The freezes in force: a `freeze` not followed by a `freeze-clear` from its machine. */
  freezes(): MeshFreeze[] {
    return [...this.#freezes.values()].filter((freeze) => freeze !== undefined);
  }

  async close(): Promise<void> {
    await this.#saved.catch(() => {});
  }

  #add(entry: MeshLogEntry): void {
    this.#entries = [...this.#entries, entry].slice(-meshLogCapacity);
    const { from, msg_type, sent_at, payload } = entry.message;
    if (msg_type === 'freeze') this.#freezes.set(from.machine, { from, since: sent_at, payload });
    if (msg_type === 'freeze-clear') this.#freezes.set(from.machine, undefined);
  }
}
