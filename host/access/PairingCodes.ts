import { randomInt } from 'node:crypto';

/** How long a pairing code works (CONTRACT.md §9). */
export const pairingCodeLifetimeMs = 10 * 60 * 1000;
/** The most codes waiting at once: asking for more forgets the oldest. */
const maxWaiting = 20;
/** No 0/O, 1/I: a code may be read aloud or typed from a screen. */
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const codeLength = 10;

/** A code as typed: its letters upper-cased, spaces and dashes dropped. */
const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * The one-time pairing codes of `DeviceService.Pair` (CONTRACT.md §9): 10 characters of 32 (50
 * bits; `POST /api/pair` is limited like failed logins), valid 10 minutes, each taken once. Held
 * in memory: a host restart forgets them.
 *
 * @example
 * const codes = new PairingCodes();
 * const { code } = codes.issue();
 * codes.take(code); // true
 * codes.take(code); // false: used
 */
export class PairingCodes {
  /** Each waiting code, and when it expires (ms, `now()`'s clock). */
  readonly #waiting = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(): { code: string; expiresAt: Date } {
    this.#forgetExpired();
    if (this.#waiting.size >= maxWaiting) {
      this.#waiting.delete(this.#waiting.keys().next().value!);
    }
    const code = Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]);
    const expires = this.now() + pairingCodeLifetimeMs;
    this.#waiting.set(code.join(''), expires);
    return { code: code.join(''), expiresAt: new Date(expires) };
  }

  /** Takes `code` (as typed): `true` once, if it was issued and has not expired. */
  take(code: string): boolean {
    const key = normalizeCode(code);
    const expires = this.#waiting.get(key);
    this.#waiting.delete(key);
    return expires !== undefined && this.now() < expires;
  }

  #forgetExpired(): void {
    const now = this.now();
    for (const [code, expires] of this.#waiting) if (expires <= now) this.#waiting.delete(code);
  }
}
