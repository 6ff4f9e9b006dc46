import { randomInt } from 'node:crypto';

/** How long a pairing code works (CONTRACT.md §9). */
export const pairingCodeLifetimeMs = 10 * 60 * 1000;
/** The most codes one minter has waiting: asking for more forgets its own oldest. */
const maxWaiting = 20;
/** No 0/O, 1/I: a code may be read aloud or typed from a screen. */
const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const codeLength = 10;

/** Who asked for a code: a paired device's id, or one of these. */
export const minters = {
  /** A client with the token (a script, or a browser paired before devices). */
  owner: 'owner',
  /** The QR code the terminal shows at start. */
  terminal: 'terminal',
} as const;

/** A code as typed: its letters upper-cased, spaces and dashes dropped. */
const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * The one-time pairing codes of `DeviceService.Pair` (CONTRACT.md §9): 10 characters of 32 (50
 * bits; `POST /api/pair` is limited like failed logins), valid 10 minutes, each taken once. Held
 * in memory: a host restart forgets them. Each code remembers who asked for it (issue 31 item 3):
 * a device's codes die with it (`forget`), and each minter has its own `maxWaiting`, so a device
 * asking for many never pushes out the owner's or the terminal's.
 *
 * @example
 * const codes = new PairingCodes();
 * const { code } = codes.issue(minters.owner);
 * codes.take(code); // 'owner'
 * codes.take(code); // undefined: used
 */
export class PairingCodes {
  /** Each waiting code, when it expires (ms, `now()`'s clock) and who asked for it. */
  readonly #waiting = new Map<string, { expires: number; minter: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(minter: string): { code: string; expiresAt: Date } {
    this.#forgetExpired();
    const own = [...this.#waiting].filter(([, entry]) => entry.minter === minter);
    if (own.length >= maxWaiting) this.#waiting.delete(own[0]![0]);
    const code = Array.from({ length: codeLength }, () => alphabet[randomInt(alphabet.length)]);
    const expires = this.now() + pairingCodeLifetimeMs;
    this.#waiting.set(code.join(''), { expires, minter });
    return { code: code.join(''), expiresAt: new Date(expires) };
  }

  /** Takes `code` (as typed): who asked for it, once, if it was issued and has not expired. */
  take(code: string): string | undefined {
    const key = normalizeCode(code);
    const entry = this.#waiting.get(key);
    this.#waiting.delete(key);
    return entry !== undefined && this.now() < entry.expires ? entry.minter : undefined;
  }

  /** Forgets every code `minter` asked for: a revoked device pairs nothing, itself included. */
  forget(minter: string): void {
    for (const [code, entry] of this.#waiting)
      if (entry.minter === minter) this.#waiting.delete(code);
  }

  #forgetExpired(): void {
    const now = this.now();
    for (const [code, { expires }] of this.#waiting) if (expires <= now) this.#waiting.delete(code);
  }
}
