import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';
import { checkIntegrity, prepareDatabaseFile } from '../../../host/conversations/databaseFile.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'switchboard-dbfile-'));
  file = join(dir, 'state', 'conversations.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database as a host leaves it, with enough pages for damage past the schema. */
function storedDatabase(): void {
  const database = ConversationDatabase.open(file, { language: 'en' });
  database.create('/config.yaml', 'a', 'c', '2026-11-01T00:00:00.000Z');
  database.write(
    Array.from({ length: 200 }, (_, position) => ({
      kind: 'message' as const,
      conversation: 'c',
      position,
      message: {
        id: `m${position}`,
        agent: 'a',
        createdAt: '2026-11-01T00:00:00.000Z',
        role: 'user' as const,
        parts: [{ kind: 'text' as const, text: `words ${position} `.repeat(40) }],
        done: true,
        queued: false,
      },
    })),
  );
  database.close();
}

describe('prepareDatabaseFile', () => {
  test('makes a missing file and its folder, private, before SQLite opens it', () => {
    expect(prepareDatabaseFile(file)).toBe('made');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
    expect(statSync(file).size).toBe(0);
  });

  test('tells a 0-byte file from one whose write-ahead log SQLite replays', () => {
    prepareDatabaseFile(file);
    expect(prepareDatabaseFile(file)).toBe('empty');
    writeFileSync(`${file}-wal`, 'frames');
    expect(prepareDatabaseFile(file)).toBe('kept');
  });
});

describe('checkIntegrity', () => {
  test('finds a sound database sound, and a damaged one damaged, touching neither', () => {
    storedDatabase();
    expect(checkIntegrity(file)).toEqual({ kind: 'sound' });
    const bytes = readFileSync(file);
    for (let at = bytes.length / 2; at < bytes.length; at++) bytes[at] = (at * 7919) & 0xff;
    writeFileSync(file, bytes);
    const check = checkIntegrity(file);
    expect(check.kind).toBe('damaged');
    expect(check.kind === 'damaged' && check.reason).toMatch(/page \d+/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  test('gives up once its time is over, the child killed', () => {
    storedDatabase();
    // No process starts and reads a database within a millisecond.
    expect(checkIntegrity(file, 1)).toEqual({ kind: 'unchecked' });
  });
});
