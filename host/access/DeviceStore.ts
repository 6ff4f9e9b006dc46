import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceView } from '../../schema/devices.ts';
import { writeFileAtomic } from '../config/atomicWrite.ts';

interface DeviceRecord {
  id: string;
  name: string;
  createdAt: string;
  lastSeen: string;
  /** SHA-256 of its secret, base64url: the file never holds what a cookie carries. */
  secretHash: string;
}

/** The most devices kept: a pairing beyond it is refused until one is revoked. */
export const maxDevices = 100;
/** The longest device name kept (a name is the user's, shown in Settings). */
export const maxDeviceName = 80;
/** How often a device's `lastSeen` is written at the most. */
const seenEveryMs = 60_000;

const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * The devices paired with this host (CONTRACT.md §9), kept in `<stateDir>/devices.json` (0600).
 * Each has its own session cookie, `d.<id>.<secret>`: revoking one ends it alone. Only a hash of
 * each secret is kept, compared in constant time.
 *
 * @example
 * const devices = await DeviceStore.open(stateDir);
 * const { id, cookie } = await devices.add('iPad');
 * devices.verify(cookie)?.id === id; // true until devices.revoke(id)
 */
export class DeviceStore {
  readonly #path: string;
  #devices: DeviceRecord[];
  /** When each device's `lastSeen` was last written. */
  readonly #written = new Map<string, number>();

  private constructor(
    path: string,
    devices: DeviceRecord[],
    private readonly now: () => Date,
  ) {
    this.#path = path;
    this.#devices = devices;
  }

  /** The devices of `stateDir` (none when its file is missing or unreadable). */
  static async open(stateDir: string, now = () => new Date()): Promise<DeviceStore> {
    const path = join(stateDir, 'devices.json');
    const text = await readFile(path, 'utf8').catch(() => '[]');
    let devices: DeviceRecord[] = [];
    try {
      const parsed: unknown = JSON.parse(text);
      devices = Array.isArray(parsed) ? parsed.filter(isDeviceRecord) : [];
    } catch {
      // A damaged file pairs no device: each pairs again, nothing is let in by mistake.
    }
    return new DeviceStore(path, devices, now);
  }

  /** Pairs a new device; its session cookie's value. `undefined` when `maxDevices` are paired. */
  async add(name: string): Promise<{ id: string; cookie: string } | undefined> {
    if (this.#devices.length >= maxDevices) return undefined;
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const at = this.now().toISOString();
    const kept = name.trim().slice(0, maxDeviceName) || 'Device';
    this.#devices.push({ id, name: kept, createdAt: at, lastSeen: at, secretHash: hash(secret) });
    await this.#save();
    return { id, cookie: `d.${id}.${secret}` };
  }

  /** The device a session cookie's value belongs to, if it is one's; marks it seen. */
  verify(cookie: string): string | undefined {
    const match = /^d\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
    if (!match) return undefined;
    const device = this.#devices.find(({ id }) => id === match[1]);
    if (!device) return undefined;
    const given = Buffer.from(hash(match[2]!));
    const kept = Buffer.from(device.secretHash);
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return undefined;
    this.#seen(device);
    return device.id;
  }

  list(current?: string): DeviceView[] {
    return this.#devices.map(({ id, name, createdAt, lastSeen }) => ({
      ...{ id, name, createdAt, lastSeen },
      current: id === current,
    }));
  }

  /** Ends a device's pairing; `false` if there is no such device. */
  async revoke(id: string): Promise<boolean> {
    const before = this.#devices.length;
    this.#devices = this.#devices.filter((device) => device.id !== id);
    if (this.#devices.length === before) return false;
    this.#written.delete(id);
    await this.#save();
    return true;
  }

  #seen(device: DeviceRecord): void {
    const now = this.now();
    device.lastSeen = now.toISOString();
    const written = this.#written.get(device.id) ?? 0;
    if (now.getTime() - written < seenEveryMs) return;
    this.#written.set(device.id, now.getTime());
    void this.#save().catch(() => {}); // a last-seen time not written is written next minute
  }

  async #save(): Promise<void> {
    await writeFileAtomic(this.#path, `${JSON.stringify(this.#devices, null, 2)}\n`, 0o600);
  }
}

function isDeviceRecord(value: unknown): value is DeviceRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'name', 'createdAt', 'lastSeen', 'secretHash'].every(
    (key) => typeof record[key] === 'string',
  );
}
