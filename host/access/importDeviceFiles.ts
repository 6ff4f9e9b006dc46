import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { cleanDeviceName } from '../../schema/deviceName.ts';

/** A device as an older install's `devices.json` kept it. */
export interface OldDeviceRecord {
  id: string;
  name: string;
  createdAt: string;
  lastSeen: string;
  secretHash: string;
}

/** What a file of an older install holds, once read: its entries, and how to store them. */
export interface OldFile<T> {
  /** Its name, relative to the state dir: the key of `imported_files`. */
  name: string;
  /** Its entries, the malformed ones left out (a damaged file gives none). */
  parse: (value: unknown) => T[];
  store: (db: Database.Database, entries: T[]) => void;
}

/**
 * Takes a file of an older install (`devices.json`, `push/subscriptions.json`) into the state
 * database once: its rows and the mark that it was read go in one transaction, so a crash leaves
 * either both or neither, and a file read once is never read again (a device revoked since would
 * come back). The file is then renamed `<name>.imported`, only for a person who looks.
 *
 * @example
 * importOldFile(db, stateDir, oldDevices);
 */
export function importOldFile<T>(db: Database.Database, stateDir: string, file: OldFile<T>): void {
  const path = join(stateDir, file.name);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return; // none: a new install, or one that never paired
  }
  const done = db.prepare<[string], { name: string }>(
    'SELECT name FROM imported_files WHERE name = ?',
  );
  if (!done.get(file.name)) {
    db.transaction(() => {
      file.store(db, file.parse(parseOrNothing(text)));
      db.prepare<[string, string]>(
        'INSERT INTO imported_files (name, imported_at) VALUES (?, ?)',
      ).run(file.name, new Date().toISOString());
    }).immediate();
  }
  try {
    renameSync(path, `${path}.imported`);
  } catch {
    // Marked as read (imported_files): a file left in place is never read again.
  }
}

function parseOrNothing(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return []; // a damaged file pairs no device: each pairs again, nothing is let in by mistake
  }
}

/** `devices.json` of an older install: the devices it had paired, each with its secret's hash. */
export const oldDevices: OldFile<OldDeviceRecord> = {
  name: 'devices.json',
  parse: (value) => (Array.isArray(value) ? value.filter(isOldDevice) : []),
  store: (db, entries) => {
    const insert = db.prepare<[string, string, string, string, string]>(
      `INSERT OR IGNORE INTO devices (id, name, created_at, last_seen, secret_hash)
       VALUES (?, ?, ?, ?, ?)`,
    );
    for (const { id, name, createdAt, lastSeen, secretHash } of entries) {
      // Names were kept as typed then: controls and bidirectional overrides included.
      insert.run(id, cleanDeviceName(name) || 'Device', createdAt, lastSeen, secretHash);
    }
  },
};

function isOldDevice(value: unknown): value is OldDeviceRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'name', 'createdAt', 'lastSeen', 'secretHash'].every(
    (key) => typeof record[key] === 'string',
  );
}
