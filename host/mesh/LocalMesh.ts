import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { MeshMessage } from '../../schema/mesh.ts';
import { writeFileAtomic } from '../config/atomicWrite.ts';
import { makePrivateDir } from '../privateFiles.ts';
import type { MeshChannel, MeshSend, MeshSendOutcome } from './MeshChannel.ts';

export interface LocalMeshOptions {
  /** This machine's handle. */
  machine: string;
  /** Where the messages not yet collected are kept (in the state folder). */
  file: string;
  /** How long a check-in keeps an agent alive. */
  ttlMs: number;
  now?: () => number;
}

/** What the file holds: every message not yet collected, with its recipient, oldest first. */
interface Stored {
  version: 1;
  pending: { to: string; message: MeshMessage }[];
}

/**
 * The mesh of one machine, with no channel configured: this host's agents send each other
 * messages. What waits is written to `file` before `send` answers, and taken out of it before
 * `collect` answers, so a restart of the host loses none and delivers none twice.
 */
export class LocalMesh implements MeshChannel {
  readonly machine: string;
  readonly #file: string;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #checkedIn = new Map<string, number>();
  #pending: Stored['pending'];
  /** Writes in order, each of the state after the change that asked for it. */
  #saved: Promise<void> = Promise.resolve();

  private constructor(options: LocalMeshOptions, pending: Stored['pending']) {
    this.machine = options.machine;
    this.#file = options.file;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
    this.#pending = pending;
  }

  /** Opens the store at `options.file`; a missing file is an empty store. */
  static async open(options: LocalMeshOptions): Promise<LocalMesh> {
    const text = await readFile(options.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    const stored = text === undefined ? undefined : (JSON.parse(text) as Stored);
    await makePrivateDir(dirname(options.file));
    return new LocalMesh(options, stored?.pending ?? []);
  }

  checkIn(agent: string): Promise<void> {
    this.#checkedIn.set(agent, this.#now());
    return Promise.resolve();
  }

  directory(agent: string) {
    const agents = this.#alive();
    return Promise.resolve({
      self: { machine: this.machine, agent_id: agent },
      machines: [{ handle: this.machine, agents }],
    });
  }

  async send({ from, to, toAgent, msgType, payload }: MeshSend): Promise<MeshSendOutcome> {
    if (to !== this.machine) {
      return { ok: false, notFound: { status: 404, machine: to, alive: [this.machine] } };
    }
    const alive = this.#alive();
    if (toAgent !== undefined && !alive.includes(toAgent)) {
      return { ok: false, notFound: { status: 404, machine: to, alive } };
    }
    const recipients = toAgent !== undefined ? [toAgent] : alive.filter((a) => a !== from.agent_id);
    const message: MeshMessage = {
      id: randomUUID(),
      from,
      msg_type: msgType,
      payload,
      sent_at: new Date(this.#now()).toISOString(),
    };
    const before = this.#pending;
    this.#pending = [...before, ...recipients.map((recipient) => ({ to: recipient, message }))];
    await this.#save().catch((error: unknown) => {
      this.#pending = before;
      throw error;
    });
    return { ok: true, delivery: { message_id: message.id, delivered_to: recipients }, message };
  }

  async collect(agent: string): Promise<MeshMessage[]> {
    const before = this.#pending;
    const taken = before.filter(({ to }) => to === agent);
    if (taken.length === 0) return [];
    this.#pending = before.filter(({ to }) => to !== agent);
    await this.#save().catch((error: unknown) => {
      this.#pending = [...taken, ...this.#pending];
      throw error;
    });
    return taken.map(({ message }) => message);
  }

  async close(): Promise<void> {
    await this.#saved;
  }

  /** The agents that checked in within the time to live, in the order they first did. */
  #alive(): string[] {
    const since = this.#now() - this.#ttlMs;
    return [...this.#checkedIn].filter(([, at]) => at > since).map(([agent]) => agent);
  }

  #save(): Promise<void> {
    const stored: Stored = { version: 1, pending: this.#pending };
    const text = JSON.stringify(stored);
    const saved = this.#saved.catch(() => {}).then(() => writeFileAtomic(this.#file, text, 0o600));
    this.#saved = saved;
    return saved;
  }
}
