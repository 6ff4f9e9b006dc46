/**
 * The conversations database's schema, version by version. `PRAGMA user_version` is the version a
 * file is at; `migrate` brings it to `latestVersion`, one transaction per step, so a file is always
 * at one of these versions and never half-way.
 *
 * A migration, once released, never changes: a new need is a new migration at the end.
 */
import type Database from 'better-sqlite3';
import type { MessagePart } from '../../schema/conversation.ts';
import { deviceTables } from '../access/deviceSchema.ts';
import { searchableText } from './searchQuery.ts';

/** One step of the schema: what `up` does to a file at `version - 1`. */
export interface Migration {
  version: number;
  description: string;
  up: (db: Database.Database) => void;
}

/** v1: conversations, which one is each agent's current one, and their messages. */
const conversationsAndMessages = `
CREATE TABLE conversations (
  id TEXT PRIMARY KEY NOT NULL,
  config TEXT NOT NULL,
  agent TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  usage TEXT NOT NULL DEFAULT '{"used":0,"size":0}',
  commands TEXT NOT NULL DEFAULT '[]',
  session_id TEXT,
  session_cwd TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX conversations_of_agent ON conversations (config, agent, updated_at);

CREATE TABLE current_conversations (
  config TEXT NOT NULL,
  agent TEXT NOT NULL,
  conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  PRIMARY KEY (config, agent)
) STRICT, WITHOUT ROWID;

-- key is the row's stable rowid (VACUUM may renumber an implicit one): the full-text index's rowid.
CREATE TABLE messages (
  key INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user', 'agent', 'system')),
  created_at TEXT NOT NULL,
  done INTEGER NOT NULL CHECK (done IN (0, 1)),
  queued INTEGER NOT NULL CHECK (queued IN (0, 1)),
  body TEXT NOT NULL
) STRICT;
CREATE INDEX messages_in_order ON messages (conversation, position);
CREATE INDEX messages_unfinished ON messages (done) WHERE done = 0;
CREATE INDEX messages_queued ON messages (queued) WHERE queued = 1;
`;

/**
 * v2: the full-text index, one row per message, its rowid the message's key. Every query word is a
 * prefix term: the index of 1- and 2-character prefixes keeps short ones fast.
 */
const fullTextIndex = `
CREATE VIRTUAL TABLE message_text USING fts5 (
  text,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);
`;

/** v3: the permission requests the user answered or that were cancelled. */
const answeredPermissions = `
CREATE TABLE answered_permissions (
  id TEXT PRIMARY KEY NOT NULL,
  conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  request TEXT NOT NULL,
  option_id TEXT,
  answered_at TEXT NOT NULL
) STRICT;
CREATE INDEX answered_permissions_of_conversation ON answered_permissions (conversation);
`;

/**
 * v5: the images users sent, once each whatever the messages that show them (keyed by the SHA-256
 * of their bytes): a message names its images, it does not hold them.
 */
const sentImages = `
CREATE TABLE images (
  id TEXT PRIMARY KEY NOT NULL,
  mime_type TEXT NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
`;

/** Indexes the messages already there, as `searchableText` reads them today. */
function backfillFullTextIndex(db: Database.Database): void {
  const insert = db.prepare<[number, string]>(
    'INSERT INTO message_text (rowid, text) VALUES (?, ?)',
  );
  // Page by page: a connection cannot write while a statement of it still iterates.
  const page = db.prepare<[number], { key: number; body: string }>(
    'SELECT key, body FROM messages WHERE key > ? ORDER BY key LIMIT 1000',
  );
  for (let rows = page.all(0); rows.length > 0; rows = page.all(rows.at(-1)!.key)) {
    for (const { key, body } of rows) {
      const { parts } = JSON.parse(body) as { parts: MessagePart[] };
      const text = searchableText(parts);
      if (text !== '') insert.run(key, text);
    }
  }
}

/** Every version of the schema, in order: `migrations[i].version === i + 1`. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    description: 'conversations and messages',
    up: (db) => db.exec(conversationsAndMessages),
  },
  {
    version: 2,
    description: 'full-text index of messages',
    up: (db) => {
      db.exec(fullTextIndex);
      backfillFullTextIndex(db);
    },
  },
  {
    version: 3,
    description: 'answered permission requests',
    up: (db) => db.exec(answeredPermissions),
  },
  {
    version: 4,
    description: 'what the session offers: its modes and config options, as last chosen',
    up: (db) =>
      db.exec(
        `ALTER TABLE conversations ADD COLUMN offers TEXT NOT NULL DEFAULT '{"modes":null,"options":[]}'`,
      ),
  },
  {
    version: 5,
    description: 'the images users sent',
    up: (db) => db.exec(sentImages),
  },
  {
    version: 6,
    description: 'the paired devices and their Web Push subscriptions',
    up: (db) => db.exec(deviceTables),
  },
];

/** The version this code writes. A file above it was made by a newer Switchboard. */
export const latestVersion = migrations.length;

/** The version `db` is at (0 for a new, empty file). */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Applies the migrations from `db`'s version up to `target`, each in its own transaction. */
export function migrate(db: Database.Database, target: number = latestVersion): void {
  for (const migration of migrations.slice(schemaVersion(db), target)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
