import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';
import { cleanDeviceName } from '../../schema/deviceName.ts';
import type { DeviceView } from '../../schema/devices.ts';
import { importOldFile, oldDevices } from './importDeviceFiles.ts';

interface DeviceRecord {
  id: string;
  name: string;
  createdAt: string;
  lastSeen: string;
  /** SHA-256 of its secret, base64url: the database never holds what a cookie carries. */
  secretHash: string;
}

interface DeviceRow {
  id: string;
  name: string;
  created_at: string;
  last_seen: string;
  secret_hash: string;
}

/** The most devices kept: a pairing beyond it is refused until one is revoked. */
export const maxDevices = 100;
/** How often a device's `lastSeen` is written at the most. */
const seenEveryMs = 60_000;

const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * The devices paired with this host (CONTRACT.md §9), kept in the state database (the
 * `devices` table of `deviceSchema.ts`). Each has its own session cookie, `d.<id>.<secret>`:
 * revoking one ends it alone. Only a hash of each secret is kept, compared in constant time.
 *
 * Every change is one synchronous transaction, written before the call returns: pairings and
 * revocations that race are kept in the order they were made, and a restart (even a crash) finds
 * what the host last answered. The devices are also held in memory, for the check of each
 * request's cookie.
 *
 * @example
 * const devices = DeviceStore.open(database.connection, stateDir);
 * const { id, cookie } = devices.add('iPad')!;
 * devices.verify(cookie) === id; // true until devices.revoke(id)
 */
export class DeviceStore {
  readonly #db: Database.Database;
  readonly #devices = new Map<string, DeviceRecord>();
  /** When each device's `lastSeen` was last written. */
  readonly #written = new Map<string, number>();
  readonly #insert: Database.Statement<[string, string, string, string, string]>;
  readonly #delete: Database.Statement<[string]>;
  readonly #dropUnclaimed: Database.Statement<[]>;
  readonly #seen: Database.Statement<[string, string]>;

  private constructor(
    db: Database.Database,
    private readonly now: () => Date,
  ) {
    this.#db = db;
    this.#insert = db.prepare(
      'INSERT INTO devices (id, name, created_at, last_seen, secret_hash) VALUES (?, ?, ?, ?, ?)',
    );
    this.#delete = db.prepare('DELETE FROM devices WHERE id = ?');
    // An older install's subscriptions were no device's: any of them may be the revoked one's.
    this.#dropUnclaimed = db.prepare(
      'DELETE FROM push_subscriptions WHERE device IS NULL AND imported = 1',
    );
    this.#seen = db.prepare('UPDATE devices SET last_seen = ? WHERE id = ?');
    const rows = db
      .prepare<[], DeviceRow>('SELECT * FROM devices ORDER BY key')
      .all()
      .slice(0, maxDevices);
    for (const row of rows) {
      this.#devices.set(row.id, {
        id: row.id,
        name: row.name,
        createdAt: row.created_at,
        lastSeen: row.last_seen,
        secretHash: row.secret_hash,
      });
    }
  }

  /**
   * The devices of the state database `db` (migrated to version 6 at least), after taking in the
   * `devices.json` an older install left in `stateDir`, once.
   */
  static open(db: Database.Database, stateDir: string, now = () => new Date()): DeviceStore {
    importOldFile(db, stateDir, oldDevices);
    return new DeviceStore(db, now);
  }

  /**
   * Pairs a new device named `name` (cleaned: `cleanDeviceName`), else `fallback`; its session
   * cookie's value. `undefined` when `maxDevices` are paired.
   */
  add(name: string, fallback = 'Device'): { id: string; cookie: string } | undefined {
    const secret = randomBytes(32).toString('base64url');
    return this.#db.transaction(() => this.#pair(secret, name, fallback)).immediate();
  }

  /**
   * The one device the cookie of browsers paired before devices (the token's) becomes, made at
   * its first request with `secret` (`oldCookieDeviceSecret`): each request with that cookie is
   * the same device and gets the same cookie, however many come before the browser keeps it.
   * `'revoked'` once that device was revoked (the old cookie then opens nothing), `undefined` when
   * `maxDevices` are paired.
   */
  oldCookieDevice(
    secret: string,
    fallback: string,
  ): { id: string; cookie: string } | 'revoked' | undefined {
    return this.#db
      .transaction(() => {
        const row = this.#db
          .prepare<[], { device: string | null }>('SELECT device FROM old_cookie_device')
          .get();
        if (row && (row.device === null || !this.#devices.has(row.device))) return 'revoked';
        if (row) return { id: row.device!, cookie: `d.${row.device}.${secret}` };
        const added = this.#pair(secret, '', fallback);
        if (added) {
          this.#db
            .prepare('INSERT INTO old_cookie_device (only, device) VALUES (1, ?)')
            .run(added.id);
        }
        return added;
      })
      .immediate();
  }

  /** The device a session cookie's value belongs to, if it is one's; marks it seen. */
  verify(cookie: string): string | undefined {
    const match = /^d\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
    if (!match) return undefined;
    const device = this.#devices.get(match[1]!);
    if (!device) return undefined;
    const given = Buffer.from(hash(match[2]!));
    const kept = Buffer.from(device.secretHash);
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return undefined;
    this.#markSeen(device);
    return device.id;
  }

  /** Whether `id` is a paired device. */
  has(id: string): boolean {
    return this.#devices.has(id);
  }

  list(current?: string): DeviceView[] {
    return [...this.#devices.values()].map(({ id, name, createdAt, lastSeen }) => ({
      ...{ id, name, createdAt, lastSeen },
      current: id === current,
    }));
  }

  /**
   * Ends a device's pairing, and with it what belongs to it: its push subscriptions go with it
   * (`ON DELETE CASCADE`), in the same transaction. `false` if there is no such device.
   */
  revoke(id: string): boolean {
    if (!this.#devices.has(id)) return false;
    this.#db
      .transaction(() => {
        this.#delete.run(id);
        this.#dropUnclaimed.run();
      })
      .immediate();
    this.#devices.delete(id);
    this.#written.delete(id);
    return true;
  }

  /** Stores a new device whose cookie holds `secret` (in a transaction of the caller's). */
  #pair(
    secret: string,
    name: string,
    fallback: string,
  ): { id: string; cookie: string } | undefined {
    if (this.#devices.size >= maxDevices) return undefined;
    const id = randomUUID();
    const at = this.now().toISOString();
    const kept = cleanDeviceName(name) || cleanDeviceName(fallback) || 'Device';
    const device = { id, name: kept, createdAt: at, lastSeen: at, secretHash: hash(secret) };
    this.#insert.run(id, kept, at, at, device.secretHash);
    this.#devices.set(id, device);
    return { id, cookie: `d.${id}.${secret}` };
  }

  #markSeen(device: DeviceRecord): void {
    const now = this.now();
    device.lastSeen = now.toISOString();
    const written = this.#written.get(device.id) ?? 0;
    // Not a write per request: what is lost in a crash is at most a minute of `lastSeen`.
    if (now.getTime() - written < seenEveryMs) return;
    this.#written.set(device.id, now.getTime());
    this.#seen.run(device.lastSeen, device.id);
  }
}
