import type { ElicitationView } from '../../schema/elicitation.ts';
import { randomUUID } from 'node:crypto';
import type { AcpSessionRecord } from '../../schema/worker.ts';
import {
  applyConversationEvent,
  emptyConversation,
  interruptedTurnEvents,
} from '../../machines/conversationFold.ts';
import type {
  Conversation,
  ConversationEvent,
  ConversationSummary,
  PermissionRequestView,
  SearchHit,
} from '../../schema/conversation.ts';
import type { HostEvent } from '../../schema/events.ts';
import type { WorkerSeed } from '../../schema/worker.ts';
import type { ConversationKeeper } from '../Supervisor.ts';
import type { ConversationChange, ConversationDatabase } from './ConversationDatabase.ts';

/** How long changes gather before they are written, in one transaction. */
export const flushDelayMs = 250;

export interface ConversationStoreOptions {
  /** Sends an event to the clients. */
  publish: (event: HostEvent) => void;
  /** Where conversations are kept; without one (benchmarks), they last as long as the host. */
  database?: ConversationDatabase;
  /** The configuration file in use: conversations belong to it and to their agent's name. */
  config: () => string;
  now?: () => Date;
  newId?: () => string;
}

/** One agent's current conversation, and what of it is not written yet. */
interface Entry {
  conversation: Conversation;
  createdAt: string;
  session: AcpSessionRecord | null;
  /** It has a row in the database. */
  stored: boolean;
  /** Ids of the messages changed since the last write. */
  changedMessages: Set<string>;
  /** Its title, usage, commands or session changed since the last write. */
  changedMeta: boolean;
  /** Where each message stands in `conversation.messages`, by id. */
  positions: Map<string, number>;
}

/**
 * The host's copy of every agent's current conversation: the fold of the events its worker sends,
 * exactly what a client that saw them all holds, written to the database in batches (never on the
 * way of an event to the clients). It answers `ChatService.Conversation()` without asking a
 * worker, and outlives workers and the host: a new worker of an agent starts from it.
 */
export class ConversationStore implements ConversationKeeper {
  /** By agent name, for the configuration in use. */
  readonly #entries = new Map<string, Entry>();
  /** Who waits for a message to arrive, by message id. */
  readonly #waiting = new Map<string, () => void>();
  /** Permission answers given, by request id, until their `permission:resolved`. */
  readonly #answers = new Map<string, string>();
  #pending: ConversationChange[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #now: () => Date;
  readonly #newId: () => string;

  constructor(private readonly options: ConversationStoreOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  /** What a worker of `name` posted for its conversation `id`: applied, published, kept. */
  received(name: string, id: string, events: readonly ConversationEvent[]): void {
    const entry = this.#entry(name);
    // A conversation replaced since (New, Open) was ended in this copy already.
    if (entry.conversation.id !== id) return;
    for (const event of events) {
      this.#apply(entry, event);
      this.options.publish(event);
    }
  }

  /** A session was opened for the conversation `id` of `name`: the one a later run continues. */
  sessionOpened(name: string, id: string, session: AcpSessionRecord): void {
    const entry = this.#entry(name);
    if (entry.conversation.id !== id) return;
    entry.session = session;
    this.#changed(entry);
  }

  /** `ChatService.AnswerPermission` gave `optionId` to the request `id` (kept with its answer). */
  answering(id: string, optionId: string): void {
    this.#answers.set(id, optionId);
  }

  /**
   * Resolves once the message `id` is here and on disk. A worker answers on one port and posts its
   * events on another: `Send` waits for its message, so a `Conversation()` that follows holds it,
   * and a host killed once `Send` answered still has it. The write is the pending batch brought
   * forward, so nothing is written twice or out of order; the answer that follows is batched.
   */
  async kept(name: string, id: string): Promise<void> {
    if (!this.#entry(name).positions.has(id)) {
      await new Promise<void>((resolve) => this.#waiting.set(id, resolve));
    }
    this.flush({ synced: true });
  }

  /** `ChatService.Conversation(name)`. */
  get(name: string): Conversation {
    return this.#entry(name).conversation;
  }

  /** The pending permission request `id`, whichever agent asked. */
  permission(id: string): PermissionRequestView | undefined {
    for (const { conversation } of this.#entries.values()) {
      const request = conversation.permissions.find((candidate) => candidate.id === id);
      if (request) return request;
    }
    return undefined;
  }

  /** Every pending permission request, of every agent (`ChatService.Permissions`). */
  permissions(): PermissionRequestView[] {
    return [...this.#entries.values()].flatMap(({ conversation }) => conversation.permissions);
  }

  /** The elicitation `id` waiting for the user, whichever agent asked. */
  elicitation(id: string): ElicitationView | undefined {
    for (const { conversation } of this.#entries.values()) {
      const found = conversation.elicitations.find((candidate) => candidate.id === id);
      if (found) return found;
    }
    return undefined;
  }

  seed(name: string): WorkerSeed {
    const { conversation, session } = this.#entry(name);
    return { conversation, session };
  }

  interrupted(name: string, error: string): void {
    const entry = this.#entries.get(name);
    if (!entry) return;
    for (const event of this.#endingEvents(entry, name, error)) {
      this.#apply(entry, event);
      this.options.publish(event);
    }
  }

  /**
   * `name`'s conversation leaves memory (its agent was removed), or every one does (another
   * configuration opens); the database keeps them.
   */
  forget(name?: string): void {
    this.flush();
    if (name === undefined) this.#entries.clear();
    else this.#entries.delete(name);
  }

  /**
   * Makes a new, empty conversation `name`'s current one; what the current one had in flight ends
   * with `error` (in this copy: its worker is told by the caller). Returns the new one as a seed.
   */
  startNew(name: string, error: string): WorkerSeed {
    this.#retire(name, error);
    const id = this.#newId();
    const entry = this.#blank(id);
    this.options.database?.create(this.options.config(), name, id, entry.createdAt);
    entry.stored = this.options.database !== undefined;
    this.#entries.set(name, entry);
    this.options.publish({ name: 'conversation:opened', data: { agent: name, id } });
    return { conversation: entry.conversation, session: null };
  }

  /**
   * Makes the stored conversation `id` of `name` its current one, as `startNew` does; `undefined`
   * when `name` has no conversation `id` in this configuration.
   */
  open(name: string, id: string, error: string): WorkerSeed | undefined {
    const current = this.#entry(name);
    if (current.conversation.id === id) return this.seed(name);
    this.flush();
    const database = this.options.database;
    const stored = database?.get(id);
    if (!database || !stored || stored.agent !== name || stored.config !== this.options.config()) {
      return undefined;
    }
    this.#retire(name, error);
    database.setCurrent(this.options.config(), name, id);
    this.#entries.set(name, this.#loaded(stored));
    this.options.publish({ name: 'conversation:opened', data: { agent: name, id } });
    return this.seed(name);
  }

  /** `ChatService.History(name)`: its conversations with messages, and the current one. */
  history(name: string): ConversationSummary[] {
    this.flush();
    const current = this.#entry(name);
    const stored = this.options.database?.history(this.options.config(), name) ?? [];
    const listed = stored.filter(
      (summary) => summary.messages > 0 || summary.id === current.conversation.id,
    );
    if (listed.some((summary) => summary.id === current.conversation.id)) return listed;
    const { id, title, messages } = current.conversation;
    const createdAt = current.createdAt;
    return [
      { id, title, createdAt, updatedAt: createdAt, messages: messages.length, current: true },
      ...listed,
    ];
  }

  /** `ChatService.Search(query)`, over every agent's conversations of this configuration. */
  search(query: string): SearchHit[] {
    this.flush();
    return this.options.database?.search(this.options.config(), query) ?? [];
  }

  /** The conversation `id` of `name`, as stored (the current one as it is now). */
  stored(name: string, id: string): { conversation: Conversation; createdAt: string } | undefined {
    const current = this.#entry(name);
    if (current.conversation.id === id) return current;
    this.flush();
    const stored = this.options.database?.get(id);
    return stored && stored.agent === name && stored.config === this.options.config()
      ? stored
      : undefined;
  }

  /**
   * Writes what changed since the last write, in one transaction; `synced`, on the disk itself
   * before it returns (see `ConversationDatabase.write`).
   */
  flush({ synced = false } = {}): void {
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const database = this.options.database;
    const changes = this.#pending;
    this.#pending = [];
    for (const [name, entry] of this.#entries) changes.push(...this.#changesOf(name, entry));
    if (database && changes.length > 0) database.write(changes, { synced });
  }

  /** Writes what is left; the database closes after. */
  close(): void {
    this.flush();
    this.options.database?.close();
  }

  #entry(name: string): Entry {
    let entry = this.#entries.get(name);
    if (!entry) {
      const stored = this.options.database?.current(this.options.config(), name);
      entry = stored ? this.#loaded(stored) : this.#blank(this.#newId());
      this.#entries.set(name, entry);
    }
    return entry;
  }

  #blank(id: string): Entry {
    return {
      conversation: emptyConversation(id),
      createdAt: this.#now().toISOString(),
      session: null,
      stored: false,
      changedMessages: new Set(),
      changedMeta: false,
      positions: new Map(),
    };
  }

  #loaded(stored: {
    conversation: Conversation;
    createdAt: string;
    session: AcpSessionRecord | null;
  }): Entry {
    const { conversation } = stored;
    return {
      conversation,
      createdAt: stored.createdAt,
      session: stored.session,
      stored: true,
      changedMessages: new Set(),
      changedMeta: false,
      positions: new Map(conversation.messages.map((message, index) => [message.id, index])),
    };
  }

  /** Ends what the current conversation of `name` had in flight, and writes it, before it goes. */
  #retire(name: string, error: string): void {
    const entry = this.#entries.get(name);
    if (entry)
      for (const event of this.#endingEvents(entry, name, error)) this.#apply(entry, event);
    this.flush();
  }

  #endingEvents(entry: Entry, name: string, error: string): ConversationEvent[] {
    const newMessage = () => ({ id: this.#newId(), createdAt: this.#now().toISOString() });
    return interruptedTurnEvents(entry.conversation, name, error, newMessage);
  }

  #apply(entry: Entry, event: ConversationEvent): void {
    if (event.name === 'permission:resolved') this.#keepAnswer(entry, event.data.id);
    entry.conversation = applyConversationEvent(entry.conversation, event);
    switch (event.name) {
      case 'message:updated': {
        const { id } = event.data.message;
        if (!entry.positions.has(id)) entry.positions.set(id, entry.positions.size);
        entry.changedMessages.add(id);
        this.#waiting.get(id)?.();
        this.#waiting.delete(id);
        break;
      }
      case 'message:delta':
        entry.changedMessages.add(event.data.messageId);
        break;
      case 'usage:changed':
      case 'commands:changed':
      case 'session:changed':
        entry.changedMeta = true;
        break;
      default:
        return;
    }
    this.#changed(entry);
  }

  /** An answered (or cancelled) permission request is kept with the conversation. */
  #keepAnswer(entry: Entry, id: string): void {
    const request = entry.conversation.permissions.find((candidate) => candidate.id === id);
    if (!request) return;
    const optionId = this.#answers.get(id) ?? null;
    this.#answers.delete(id);
    const answeredAt = this.#now().toISOString();
    this.#pending.push({
      kind: 'permission',
      conversation: entry.conversation.id,
      request,
      optionId,
      answeredAt,
    });
    this.#changed(entry);
  }

  #changed(entry: Entry): void {
    entry.changedMeta ||= !entry.stored;
    if (!this.options.database || this.#flushTimer) return;
    this.#flushTimer = setTimeout(() => this.flush(), flushDelayMs);
    this.#flushTimer.unref?.();
  }

  #changesOf(name: string, entry: Entry): ConversationChange[] {
    if (entry.changedMessages.size === 0 && !entry.changedMeta) return [];
    const { conversation } = entry;
    const changes: ConversationChange[] = [];
    if (!entry.stored) {
      this.options.database?.create(this.options.config(), name, conversation.id, entry.createdAt);
      entry.stored = true;
    }
    changes.push({
      kind: 'conversation',
      id: conversation.id,
      title: conversation.title,
      usage: conversation.usage,
      commands: conversation.commands,
      modes: conversation.modes,
      options: conversation.options,
      session: entry.session,
      updatedAt: this.#now().toISOString(),
    });
    for (const id of entry.changedMessages) {
      const position = entry.positions.get(id);
      const message = position === undefined ? undefined : conversation.messages[position];
      if (position !== undefined && message) {
        changes.push({ kind: 'message', conversation: conversation.id, position, message });
      }
    }
    entry.changedMessages.clear();
    entry.changedMeta = false;
    return changes;
  }
}
