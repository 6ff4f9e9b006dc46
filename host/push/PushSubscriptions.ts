import { createECDH } from 'node:crypto';
import type Database from 'better-sqlite3';
import { pushLimits, type PushSubscriptionJson } from '../../schema/push.ts';
import { importOldFile, type OldFile } from '../access/importDeviceFiles.ts';
import { checkEndpoint, type EndpointRule } from './pushEndpoint.ts';

/** A subscription as kept: where to send, and the keys to encrypt for that device. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

/** Who subscribes or unsubscribes: a paired device's id, or `undefined` for the owner (the token). */
export type Holder = string | undefined;

interface SubscriptionRow {
  endpoint: string;
  device: string | null;
  imported: 0 | 1;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** Rows of `holder`'s own: a device's, or the owner's (no device, not imported). */
const ownedBy = 'device IS ? AND imported = 0';

/**
 * The devices that receive Web Push (issue 31 item 2), in the state database's
 * `push_subscriptions`: each subscription belongs to the device that made it (the owner's, when
 * made with the token), is deleted with it by the database (`ON DELETE CASCADE`), counts against
 * that device's `pushLimits.perDevice` slots only, and is removed by its device or the owner.
 * What an older install's file held is checked as a new subscription would be: a file edited by
 * hand cannot point the host at an internal address.
 *
 * @example
 * const subscriptions = PushSubscriptions.open(database.connection, stateDir, rule);
 * subscriptions.add(subscription, deviceId, new Date()); // 'added'
 */
export class PushSubscriptions {
  private constructor(
    private readonly db: Database.Database,
    private readonly rule: EndpointRule,
  ) {}

  /** The subscriptions of `db`, after taking in an older install's `push/subscriptions.json`. */
  static open(db: Database.Database, stateDir: string, rule: EndpointRule): PushSubscriptions {
    importOldFile(db, stateDir, oldSubscriptions(rule));
    return new PushSubscriptions(db, rule);
  }

  /** Every subscription, to push to. */
  list(): StoredSubscription[] {
    return this.db
      .prepare<[], SubscriptionRow>('SELECT * FROM push_subscriptions ORDER BY key')
      .all()
      .map((row) => ({
        endpoint: row.endpoint,
        keys: { p256dh: row.p256dh, auth: row.auth },
        createdAt: row.created_at,
      }));
  }

  /**
   * Adds `subscription` as `holder`'s, or renews its endpoint's; past the holder's slots, its
   * oldest goes. Refused (the reason, nothing kept) when its endpoint is not a push service's, its
   * keys are no P-256 key and 16-byte secret, or its endpoint is another's with other keys (the
   * same keys are the same browser, paired again, or claiming what an older install kept).
   */
  add(
    subscription: PushSubscriptionJson,
    holder: Holder,
    now: Date,
  ): 'added' | 'endpoint' | 'keys' | 'taken' {
    const { endpoint, keys } = subscription;
    if (typeof checkEndpoint(endpoint, this.rule) === 'string') return 'endpoint';
    if (!validKeys(keys)) return 'keys';
    return this.db
      .transaction(() => {
        const existing = this.db
          .prepare<[string], SubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = ?')
          .get(endpoint);
        const own = existing?.device === (holder ?? null) && existing.imported === 0;
        const sameKeys = existing?.p256dh === keys.p256dh && existing.auth === keys.auth;
        if (existing && !own && !sameKeys) return 'taken' as const;
        this.db
          .prepare(
            `INSERT INTO push_subscriptions (endpoint, device, imported, p256dh, auth, created_at)
             VALUES (?, ?, 0, ?, ?, ?)
             ON CONFLICT (endpoint) DO UPDATE SET device = excluded.device, imported = 0,
               p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
          )
          .run(endpoint, holder ?? null, keys.p256dh, keys.auth, now.toISOString());
        this.db
          .prepare(
            `DELETE FROM push_subscriptions WHERE key IN (
               SELECT key FROM push_subscriptions WHERE ${ownedBy}
               ORDER BY created_at DESC, key DESC LIMIT -1 OFFSET ?)`,
          )
          .run(holder ?? null, pushLimits.perDevice);
        return 'added' as const;
      })
      .immediate();
  }

  /**
   * Forgets the subscription of `endpoint` if `holder` may: its own device, or the owner
   * (`undefined`), who may remove any. Whether one was forgotten.
   */
  remove(endpoint: string, holder: Holder): boolean {
    const { changes } =
      holder === undefined
        ? this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?').run(endpoint)
        : this.db
            .prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND device = ?')
            .run(endpoint, holder);
    return changes > 0;
  }

  /** Forgets `endpoint` whoever holds it: its push service says it is gone (404, 410). */
  drop(endpoint: string): void {
    this.remove(endpoint, undefined);
  }
}

/**
 * An older install's `push/subscriptions.json`: its subscriptions belonged to no device, so they
 * are kept as no one's (`imported`) until their browser subscribes again, as its device, with the
 * same keys — and dropped at the first revocation, since they may be the revoked device's.
 */
function oldSubscriptions(rule: EndpointRule): OldFile<StoredSubscription> {
  return {
    name: 'push/subscriptions.json',
    parse: (value) =>
      (Array.isArray(value) ? value : [])
        .filter((entry): entry is StoredSubscription => isUsable(entry, rule))
        .slice(0, pushLimits.imported),
    store: (db, entries) => {
      const insert = db.prepare<[string, string, string, string]>(
        `INSERT OR IGNORE INTO push_subscriptions (endpoint, device, imported, p256dh, auth, created_at)
         VALUES (?, NULL, 1, ?, ?, ?)`,
      );
      for (const { endpoint, keys, createdAt } of entries) {
        insert.run(endpoint, keys.p256dh, keys.auth, createdAt);
      }
    },
  };
}

function isUsable(value: unknown, rule: EndpointRule): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<StoredSubscription>;
  return (
    typeof entry.endpoint === 'string' &&
    typeof checkEndpoint(entry.endpoint, rule) !== 'string' &&
    validKeys(entry.keys) &&
    typeof entry.createdAt === 'string'
  );
}

/** `p256dh` a point of P-256 (uncompressed), `auth` 16 bytes: what RFC 8291 encrypts for. */
function validKeys(keys: { p256dh?: unknown; auth?: unknown } | undefined): boolean {
  if (typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string') return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    // Throws unless the point is on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
