import { createECDH } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pushLimits, type PushSubscriptionJson } from '../../schema/push.ts';
import { writeFileAtomic } from '../config/atomicWrite.ts';
import { checkEndpoint, type EndpointRule } from './pushEndpoint.ts';

/** A subscription as kept: where to send, and the keys to encrypt for that device. */
export interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: string;
}

/**
 * The devices that receive Web Push, kept in `<stateDir>/push/subscriptions.json` (0600), at most
 * `pushLimits.subscriptions`. Each write is atomic. What is read back is checked again as a new
 * subscription would be: a file edited by hand cannot point the host at an internal address.
 */
export class PushSubscriptions {
  #list: StoredSubscription[] = [];

  private constructor(
    private readonly file: string,
    private readonly rule: EndpointRule,
  ) {}

  static async open(file: string, rule: EndpointRule): Promise<PushSubscriptions> {
    const store = new PushSubscriptions(file, rule);
    const text = await readFile(file, 'utf8').catch(() => '[]');
    const read = (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return [];
      }
    })();
    store.#list = (Array.isArray(read) ? read : [])
      .filter((entry): entry is StoredSubscription => isUsable(entry as StoredSubscription, rule))
      .slice(0, pushLimits.subscriptions);
    return store;
  }

  list(): readonly StoredSubscription[] {
    return this.#list;
  }

  /**
   * Adds `subscription`, or renews the one with its endpoint. Refused (the reason, nothing kept)
   * when its endpoint is not a push service's or its keys are no P-256 key and 16-byte secret, and
   * `'limit'` when as many devices as allowed are subscribed already.
   */
  async add(
    subscription: PushSubscriptionJson,
    now: Date,
  ): Promise<'added' | 'limit' | 'endpoint' | 'keys'> {
    const { endpoint, keys } = subscription;
    if (typeof checkEndpoint(endpoint, this.rule) === 'string') return 'endpoint';
    if (!validKeys(keys)) return 'keys';
    const others = this.#list.filter((entry) => entry.endpoint !== endpoint);
    if (others.length >= pushLimits.subscriptions) return 'limit';
    const entry = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
    this.#list = [...others, { ...entry, createdAt: now.toISOString() }];
    await this.#save();
    return 'added';
  }

  /** Forgets the subscription of `endpoint`; whether there was one. */
  async remove(endpoint: string): Promise<boolean> {
    const kept = this.#list.filter((entry) => entry.endpoint !== endpoint);
    if (kept.length === this.#list.length) return false;
    this.#list = kept;
    await this.#save();
    return true;
  }

  async #save(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, `${JSON.stringify(this.#list, null, 1)}\n`, 0o600);
  }
}

function isUsable(entry: StoredSubscription, rule: EndpointRule): boolean {
  return (
    typeof entry === 'object' &&
    entry !== null &&
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
