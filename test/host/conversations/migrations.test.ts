import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';
import {
  latestVersion,
  migrate,
  migrations,
  schemaVersion,
} from '../../../host/conversations/migrations.ts';
import { agentMessage, userMessage } from './sampleMessages.ts';

const config = '/home/ada/.config/switchboard/config.yaml';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-db-'));
  file = join(dir, 'conversations.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the versions follow each other from 1', () => {
  expect(migrations.map((migration) => migration.version)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(latestVersion).toBe(6);
});

test('a database of version 1 is migrated, and its old messages are found', () => {
  const old = new Database(file);
  migrate(old, 1);
  expect(schemaVersion(old)).toBe(1);
  old
    .prepare(
      `INSERT INTO conversations (id, config, agent, title, created_at, updated_at)
       VALUES ('c1', ?, 'claude', 'Old times', '2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z')`,
    )
    .run(config);
  old.prepare(`INSERT INTO current_conversations VALUES (?, 'claude', 'c1')`).run(config);
  const insert = old.prepare<[string, number, string, string, string]>(
    `INSERT INTO messages (id, conversation, position, role, created_at, done, queued, body)
     VALUES (?, 'c1', ?, ?, ?, 1, 0, ?)`,
  );
  const messages = [userMessage('m1', 'Où est le résumé ?'), agentMessage('m2')];
  messages.forEach(({ id, role, createdAt, done: _done, queued: _queued, ...body }, position) =>
    insert.run(id, position, role, createdAt, JSON.stringify(body)),
  );
  old.close();

  const database = ConversationDatabase.open(file, { language: 'en' });
  try {
    expect(database.search(config, 'resume').map((hit) => hit.messageId)).toEqual(['m1']);
    expect(database.search(config, 'wrote').map((hit) => hit.messageId)).toEqual(['m2']);
    expect(database.current(config, 'claude')?.conversation.messages).toEqual(messages);
  } finally {
    database.close();
  }
  const reopened = new Database(file);
  expect(schemaVersion(reopened)).toBe(latestVersion);
  reopened.close();
});

test('a migration that fails leaves the file at the version before it', () => {
  const db = new Database(file);
  migrate(db, 1);
  db.exec('CREATE TABLE answered_permissions (x TEXT)'); // in the way of version 3
  expect(() => migrate(db)).toThrow(/already exists/);
  expect(schemaVersion(db)).toBe(2);
  db.close();
});
