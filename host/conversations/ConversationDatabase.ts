/**
 * The conversations that last (CONTRACT.md §6): one SQLite database in the state dir, which one
 * host at a time holds open.
 */
import Database from 'better-sqlite3';
import type { AcpSessionRecord } from '../../schema/worker.ts';
import type {
  AgentCommand,
  ChatMessage,
  ContextUsage,
  Conversation,
  ConversationSummary,
  PermissionRequestView,
  SearchHit,
} from '../../schema/conversation.ts';
import { translate, type Language } from '../i18n.ts';
import { checkIntegrity, checkTimeoutMs, prepareDatabaseFile } from './databaseFile.ts';
import { latestVersion, migrate, schemaVersion } from './migrations.ts';
import { ftsQuery, searchableText, snippet } from './searchQuery.ts';
import { statements, toMessage, toStored, type MessageBody } from './statements.ts';

/** One stored conversation, as the host restores it. */
export interface StoredConversation {
  /** The configuration file's absolute path it belongs to. */
  config: string;
  /** The agent's name in that file. */
  agent: string;
  /** Never busy, nothing queued, no permissions: pending ones are never stored. */
  conversation: Conversation;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  session: AcpSessionRecord | null;
}

/** What `ConversationDatabase.write` stores. */
export type ConversationChange =
  /** Upserted by message id; `position` is its index in the conversation's messages. */
  | { kind: 'message'; conversation: string; position: number; message: ChatMessage }
  | {
      kind: 'conversation';
      id: string;
      title: string;
      usage: ContextUsage;
      commands: AgentCommand[];
      modes: Conversation['modes'];
      options: Conversation['options'];
      session: AcpSessionRecord | null;
      updatedAt: string;
    }
  /** `optionId` is `null` when the request was cancelled. */
  | {
      kind: 'permission';
      conversation: string;
      request: PermissionRequestView;
      optionId: string | null;
      answeredAt: string;
    };

/**
 * Why the database cannot be opened: another host holds it, it is not one, it is too new, or
 * `PRAGMA quick_check` found it damaged.
 */
export type DatabaseProblemKind = 'locked' | 'unreadable' | 'newer' | 'damaged';

/** The database cannot be opened; `message` is in the host's language and says what to do. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';

  constructor(
    readonly kind: DatabaseProblemKind,
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The words the database writes: its errors, what it says at open (`warn`), and the end of an
 * answer the host never finished.
 */
export interface DatabaseWords {
  language: Language;
  /** A line for the host's log: an empty file made again, a check that could not run. */
  warn?: (line: string) => void;
}

/** A second host waits at most this long for the lock before it gives up. */
const busyTimeoutMs = 200;

/**
 * A search ranks at most this many matches, the most recent: bm25 costs about a microsecond a
 * match, and a common word may match most of 100 000 messages (where `search` must stay ≤ 50 ms).
 */
const searchPool = 2000;

/**
 * The conversations of every configuration file and agent, their messages, the permission requests
 * answered in them, and a full-text index of what was said.
 *
 * @example
 * const database = ConversationDatabase.open(join(stateDir(), 'conversations.db'), { language: 'en' });
 * database.create(configPath, 'claude', randomUUID(), new Date().toISOString());
 */
export class ConversationDatabase {
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof statements>;
  readonly #writeBatch: (changes: readonly ConversationChange[]) => void;

  private constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = statements(db);
    this.#writeBatch = db.transaction((changes: readonly ConversationChange[]) => {
      const texts = new Map<number, string>();
      for (const change of changes) this.#apply(change, texts);
      // Last: a statement that opens a savepoint makes FTS5 flush what it holds to a new segment.
      for (const key of texts.keys()) this.#statements.unindex.run(key);
      for (const [key, text] of texts) if (text !== '') this.#statements.index.run(key, text);
    });
  }

  /**
   * Opens (creating if missing, with its folder, both private) the database at `file`, checks
   * one that was there (`PRAGMA quick_check`), migrates it, and ends what was in flight when the
   * last host died. Throws `DatabaseError`.
   */
  static open(file: string, words: DatabaseWords): ConversationDatabase {
    const { language } = words;
    let db: Database.Database | undefined;
    try {
      const state = prepareDatabaseFile(file);
      db = lockedConnection(file, language);
      if (state === 'kept') {
        // The check reads the file from another process, so the lock is let go meanwhile: a host
        // that takes it then is found by the next lockedConnection.
        db.close();
        db = undefined;
        checkDatabase(file, words);
        db = lockedConnection(file, language);
      }
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      migrate(db);
      const database = new ConversationDatabase(db);
      database.#recover(translate(language, 'database.interrupted'));
      if (state === 'empty') words.warn?.(translate(language, 'database.remade', { file }));
      return database;
    } catch (error) {
      db?.close();
      throw openingError(error, file, words.language);
    }
  }

  /** A new empty conversation, now the current one of (`config`, `agent`). */
  create(config: string, agent: string, id: string, createdAt: string): void {
    this.#db.transaction(() => {
      this.#statements.insertConversation.run({ id, config, agent, createdAt });
      this.#statements.setCurrent.run(config, agent, id);
    })();
  }

  /** Makes `id` the current conversation of (`config`, `agent`); false if it is not one of theirs. */
  setCurrent(config: string, agent: string, id: string): boolean {
    const owner = this.#statements.conversation.get(id);
    if (owner?.config !== config || owner.agent !== agent) return false;
    this.#statements.setCurrent.run(config, agent, id);
    return true;
  }

  current(config: string, agent: string): StoredConversation | undefined {
    const row = this.#statements.currentOf.get(config, agent);
    return row && this.get(row.conversation);
  }

  get(id: string): StoredConversation | undefined {
    const row = this.#statements.conversation.get(id);
    if (!row) return undefined;
    const messages = this.#statements.messagesOf.all(id).map(toMessage);
    return toStored(row, messages);
  }

  /** The conversations of (`config`, `agent`), most recently updated first. */
  history(config: string, agent: string): ConversationSummary[] {
    return this.#statements.history.all(config, agent).map((row) => ({
      id: row.id,
      title: row.title,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messages: row.messages,
      current: row.current === 1,
    }));
  }

  /**
   * Stores `changes` in one transaction: all of them, or none if one fails. `synced`: the
   * transaction is on the disk itself when this returns, not only in the OS's cache (a power cut
   * keeps it); otherwise a crash of the host keeps it and a power cut may not (`synchronous=NORMAL`).
   */
  write(changes: readonly ConversationChange[], { synced = false } = {}): void {
    if (!synced) return this.#writeBatch(changes);
    // FULL syncs the WAL at this commit (https://sqlite.org/pragma.html#pragma_synchronous).
    this.#db.pragma('synchronous = FULL');
    try {
      this.#writeBatch(changes);
    } finally {
      this.#db.pragma('synchronous = NORMAL');
    }
  }

  /**
   * The messages of any agent of `config` that hold every word of `query` (each word the start of
   * one of theirs, case and accents aside), best match first (bm25). A query that matches more
   * than `searchPool` messages ranks the most recent `searchPool` of them only.
   */
  search(config: string, query: string, limit = 50): SearchHit[] {
    const match = ftsQuery(query);
    if (match === undefined || limit < 1) return [];
    const s = this.#statements;
    const count = Math.floor(limit);
    return s.search
      .all({ match, config, pool: Math.max(searchPool, count), limit: count })
      .map(({ key, ...hit }) => ({
        ...hit,
        snippet: snippet(s.textOf.get(key)?.text ?? '', query),
      }));
  }

  /** Keeps an image a user sent, under `id` (the SHA-256 of its bytes); once whatever the calls. */
  keepImage(id: string, mimeType: string, bytes: Buffer): void {
    this.#statements.keepImage.run(id, mimeType, bytes, new Date().toISOString());
  }

  image(id: string): { mimeType: string; bytes: Buffer } | undefined {
    const row = this.#statements.image.get(id);
    return row && { mimeType: row.mime_type, bytes: row.data };
  }

  /** The open connection, for the state the host keeps beside conversations (`access/DeviceStore.ts`). */
  get connection(): Database.Database {
    return this.#db;
  }

  close(): void {
    this.#db.close();
  }

  /** Stores `change`; a message's searchable text goes in `texts`, by its key, to index after. */
  #apply(change: ConversationChange, texts: Map<number, string>): void {
    const s = this.#statements;
    switch (change.kind) {
      case 'message': {
        const { id, createdAt, role, done, queued, ...body } = change.message;
        const { key } = s.upsertMessage.get({
          id,
          conversation: change.conversation,
          position: change.position,
          role,
          createdAt,
          done: done ? 1 : 0,
          queued: queued ? 1 : 0,
          body: JSON.stringify(body satisfies MessageBody),
        })!;
        // Indexed once done: an answer rewritten every batch while it streams would be indexed
        // anew each time, at a cost that grows with its length (npm run bench, "storage").
        if (done) texts.set(key, searchableText(body.parts));
        return;
      }
      case 'conversation': {
        const { changes } = s.updateConversation.run({
          id: change.id,
          title: change.title,
          usage: JSON.stringify(change.usage),
          commands: JSON.stringify(change.commands),
          offers: JSON.stringify({ modes: change.modes, options: change.options }),
          sessionId: change.session?.id ?? null,
          sessionCwd: change.session?.cwd ?? null,
          updatedAt: change.updatedAt,
        });
        if (changes === 0) throw new Error(`no conversation ${change.id} to update`);
        return;
      }
      case 'permission':
        s.upsertPermission.run({
          id: change.request.id,
          conversation: change.conversation,
          message: change.request.messageId,
          request: JSON.stringify(change.request),
          optionId: change.optionId,
          answeredAt: change.answeredAt,
        });
        return;
    }
  }

  /** What the last host left in flight: answers ended with `interrupted`, queued messages dropped. */
  #recover(interrupted: string): void {
    const s = this.#statements;
    this.#db
      .transaction(() => {
        const unfinished = s.unfinished.all();
        s.endUnfinished.run(interrupted);
        s.dropQueued.run();
        // What they said so far becomes searchable, as every finished message is.
        for (const { key, body } of unfinished) {
          const text = searchableText((JSON.parse(body) as MessageBody).parts);
          s.unindex.run(key);
          if (text !== '') s.index.run(key, text);
        }
      })
      .immediate();
  }
}

/**
 * A connection to `file` that holds it alone until closed; `DatabaseError` `newer` when its schema
 * is newer than this code's.
 */
function lockedConnection(file: string, language: Language): Database.Database {
  const db = new Database(file, { timeout: busyTimeoutMs });
  try {
    // Before the first read: the lock, once taken, is held until close (https://sqlite.org/wal.html#noshm).
    db.pragma('locking_mode = EXCLUSIVE');
    if (schemaVersion(db) > latestVersion) {
      throw new DatabaseError('newer', file, translate(language, 'database.newer', { file }));
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Refuses a damaged `file` (`DatabaseError` `damaged`); says so when it could not be checked. */
function checkDatabase(file: string, { language, warn }: DatabaseWords): void {
  const check = checkIntegrity(file);
  if (check.kind === 'damaged') {
    const reason = check.reason;
    throw new DatabaseError(
      'damaged',
      file,
      translate(language, 'database.damaged', { file, reason }),
    );
  }
  if (check.kind === 'unchecked') {
    const reason =
      check.reason ??
      translate(language, 'database.checkTooLong', { seconds: checkTimeoutMs / 1000 });
    warn?.(translate(language, 'database.notChecked', { file, reason }));
  }
}

/** What went wrong at open, as the `DatabaseError` a person reads. */
function openingError(error: unknown, file: string, language: Language): DatabaseError {
  if (error instanceof DatabaseError) return error;
  if (error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code)) {
    return new DatabaseError('locked', file, translate(language, 'database.locked', { file }));
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseError(
    'unreadable',
    file,
    translate(language, 'database.unreadable', { file, reason }),
  );
}
