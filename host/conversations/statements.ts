/**
 * The SQL of `ConversationDatabase`, prepared once per connection, against the latest schema of
 * `migrations.ts`, and its rows read back as the schema's types.
 */
import type Database from 'better-sqlite3';
import type {
  AgentCommand,
  ChatMessage,
  ContextUsage,
  Conversation,
  MessageRole,
  SearchHit,
} from '../../schema/conversation.ts';
import type { StoredConversation } from './ConversationDatabase.ts';
import { noPromptOffer } from '../../schema/attachments.ts';

/** The fields of a message that are not columns of `messages`: its `body`, as JSON. */
export type MessageBody = Omit<ChatMessage, 'id' | 'createdAt' | 'role' | 'done' | 'queued'>;

/** A row of `conversations`. */
export interface ConversationRow {
  id: string;
  config: string;
  agent: string;
  title: string;
  usage: string;
  commands: string;
  /** `{modes, options}` (CONTRACT.md §7), as the session had them last. */
  offers: string;
  session_id: string | null;
  session_cwd: string | null;
  created_at: string;
  updated_at: string;
}

/** A row of `messages`: `body` is the JSON of the message's other fields. */
export interface MessageRow {
  id: string;
  role: MessageRole;
  created_at: string;
  done: number;
  queued: number;
  body: string;
}

interface HistoryRow {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  messages: number;
  current: number;
}

/** A hit of `search`, before its snippet is cut from the message's text. */
interface RankedHit extends Omit<SearchHit, 'snippet'> {
  key: number;
}

interface MessageUpsert {
  id: string;
  conversation: string;
  position: number;
  role: MessageRole;
  createdAt: string;
  done: number;
  queued: number;
  body: string;
}

interface ConversationUpdate {
  id: string;
  title: string;
  usage: string;
  commands: string;
  offers: string;
  sessionId: string | null;
  sessionCwd: string | null;
  updatedAt: string;
}

interface PermissionUpsert {
  id: string;
  conversation: string;
  message: string;
  request: string;
  optionId: string | null;
  answeredAt: string;
}

/** Every statement `ConversationDatabase` runs. */
export function statements(db: Database.Database) {
  return {
    insertConversation: db.prepare<{
      id: string;
      config: string;
      agent: string;
      createdAt: string;
    }>(
      `INSERT INTO conversations (id, config, agent, created_at, updated_at)
       VALUES (@id, @config, @agent, @createdAt, @createdAt)`,
    ),
    setCurrent: db.prepare<[string, string, string]>(
      `INSERT INTO current_conversations (config, agent, conversation) VALUES (?, ?, ?)
       ON CONFLICT (config, agent) DO UPDATE SET conversation = excluded.conversation`,
    ),
    currentOf: db.prepare<[string, string], { conversation: string }>(
      'SELECT conversation FROM current_conversations WHERE config = ? AND agent = ?',
    ),
    conversation: db.prepare<[string], ConversationRow>('SELECT * FROM conversations WHERE id = ?'),
    messagesOf: db.prepare<[string], MessageRow>(
      `SELECT id, role, created_at, done, queued, body FROM messages
       WHERE conversation = ? ORDER BY position, key`,
    ),
    history: db.prepare<[string, string], HistoryRow>(
      `SELECT c.id, c.title, c.created_at, c.updated_at,
         (SELECT count(*) FROM messages m WHERE m.conversation = c.id) AS messages,
         (cur.conversation IS NOT NULL) AS current
       FROM conversations c
       LEFT JOIN current_conversations cur ON cur.conversation = c.id
       WHERE c.config = ? AND c.agent = ?
       ORDER BY c.updated_at DESC, c.created_at DESC, c.rowid DESC`,
    ),
    // ON CONFLICT DO UPDATE keeps the row's key, the full-text index's rowid (REPLACE would not).
    upsertMessage: db.prepare<MessageUpsert, { key: number }>(
      `INSERT INTO messages (id, conversation, position, role, created_at, done, queued, body)
       VALUES (@id, @conversation, @position, @role, @createdAt, @done, @queued, @body)
       ON CONFLICT (id) DO UPDATE SET conversation = excluded.conversation,
         position = excluded.position, role = excluded.role, created_at = excluded.created_at,
         done = excluded.done, queued = excluded.queued, body = excluded.body
       RETURNING key`,
    ),
    unindex: db.prepare<[number]>('DELETE FROM message_text WHERE rowid = ?'),
    index: db.prepare<[number, string]>('INSERT INTO message_text (rowid, text) VALUES (?, ?)'),
    updateConversation: db.prepare<ConversationUpdate>(
      `UPDATE conversations SET title = @title, usage = @usage, commands = @commands,
         offers = @offers, session_id = @sessionId, session_cwd = @sessionCwd, updated_at = @updatedAt
       WHERE id = @id`,
    ),
    upsertPermission: db.prepare<PermissionUpsert>(
      `INSERT INTO answered_permissions (id, conversation, message, request, option_id, answered_at)
       VALUES (@id, @conversation, @message, @request, @optionId, @answeredAt)
       ON CONFLICT (id) DO UPDATE SET conversation = excluded.conversation,
         message = excluded.message, request = excluded.request,
         option_id = excluded.option_id, answered_at = excluded.answered_at`,
    ),
    keepImage: db.prepare<[string, string, Buffer, string]>(
      'INSERT OR IGNORE INTO images (id, mime_type, data, created_at) VALUES (?, ?, ?, ?)',
    ),
    image: db.prepare<[string], { mime_type: string; data: Buffer }>(
      'SELECT mime_type, data FROM images WHERE id = ?',
    ),
    unfinished: db.prepare<[], { key: number; body: string }>(
      'SELECT key, body FROM messages WHERE done = 0',
    ),
    endUnfinished: db.prepare<[string]>(
      `UPDATE messages SET done = 1, body = json_set(body, '$.error', ?) WHERE done = 0`,
    ),
    dropQueued: db.prepare(
      `UPDATE messages SET queued = 0, body = json_set(body, '$.error', 'cancelled')
       WHERE queued = 1 AND role = 'user'`,
    ),
    // The index is the outer loop (CROSS JOIN), newest first: one pass ranks the @pool newest
    // matches of the configuration with bm25 (ORDER BY rank would rank every match).
    search: db.prepare<{ match: string; config: string; pool: number; limit: number }, RankedHit>(
      `SELECT key, agent, conversation, messageId, createdAt FROM (
         SELECT message_text.rowid AS key, bm25(message_text) AS score, c.agent AS agent,
           m.conversation AS conversation, m.id AS messageId, m.created_at AS createdAt
         FROM message_text
         CROSS JOIN messages m ON m.key = message_text.rowid
         CROSS JOIN conversations c ON c.id = m.conversation
         WHERE message_text MATCH @match AND c.config = @config
         ORDER BY message_text.rowid DESC
         LIMIT @pool)
       ORDER BY score
       LIMIT @limit`,
    ),
    textOf: db.prepare<[number], { text: string }>('SELECT text FROM message_text WHERE rowid = ?'),
  };
}

/** A row of `messages` as the message it stores. */
export function toMessage(row: MessageRow): ChatMessage {
  const body = JSON.parse(row.body) as MessageBody;
  return {
    id: row.id,
    createdAt: row.created_at,
    role: row.role,
    done: row.done === 1,
    queued: row.queued === 1,
    ...body,
  };
}

/** A row of `conversations` and its messages, as the host restores them. */
export function toStored(row: ConversationRow, messages: ChatMessage[]): StoredConversation {
  return {
    config: row.config,
    agent: row.agent,
    conversation: {
      id: row.id,
      title: row.title,
      messages,
      busy: false,
      queued: 0,
      usage: JSON.parse(row.usage) as ContextUsage,
      commands: JSON.parse(row.commands) as AgentCommand[],
      permissions: [],
      // As the session had them last: what the user chose is set again in the next session.
      ...(JSON.parse(row.offers) as Pick<Conversation, 'modes' | 'options'>),
      auth: null,
      // What the agent takes is its run's: known again once it runs.
      prompt: noPromptOffer,
      elicitations: [],
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    session: row.session_id === null ? null : { id: row.session_id, cwd: row.session_cwd ?? '' },
  };
}
