/** How many failed attempts an address may make in a window before it is refused. */
export interface FailureLimit {
  max: number;
  windowMs: number;
}

interface Window {
  start: number;
  failures: number;
}

/**
 * Counts failed access attempts per client address in fixed windows: once an address has failed
 * `max` times in a window, {@link FailureLimiter.blockedFor} says how long it stays refused.
 * Successes are neither counted nor refused here.
 *
 * Not @fastify/rate-limit: it counts every request in its own hook, before the outcome is known,
 * and has no way to count only failures; the count it would need is these few lines.
 *
 * The table holds at most `capacity` addresses, the oldest windows dropped first, so a flood of
 * addresses cannot grow the host's memory.
 */
export class FailureLimiter {
  readonly #windows = new Map<string, Window>();

  constructor(
    readonly limit: FailureLimit,
    private readonly now: () => number = Date.now,
    private readonly capacity = 10_000,
  ) {}

  /** Milliseconds until `address` may try again; 0 when it is not refused. */
  blockedFor(address: string): number {
    const window = this.#current(address);
    if (!window || window.failures < this.limit.max) return 0;
    return window.start + this.limit.windowMs - this.now();
  }

  /** Records a failed attempt; true when this failure is the one that reaches the limit. */
  fail(address: string): boolean {
    let window = this.#current(address);
    if (!window) {
      this.#makeRoom();
      window = { start: this.now(), failures: 0 };
      this.#windows.set(address, window);
    }
    window.failures += 1;
    return window.failures === this.limit.max;
  }

  #current(address: string): Window | undefined {
    const window = this.#windows.get(address);
    if (window && this.now() - window.start >= this.limit.windowMs) {
      this.#windows.delete(address);
      return undefined;
    }
    return window;
  }

  #makeRoom(): void {
    if (this.#windows.size < this.capacity) return;
    const now = this.now();
    for (const [address, window] of this.#windows) {
      if (now - window.start >= this.limit.windowMs) this.#windows.delete(address);
    }
    // Insertion order is start order: the first key holds the oldest window.
    while (this.#windows.size >= this.capacity) {
      const oldest = this.#windows.keys().next();
      if (oldest.done) break;
      this.#windows.delete(oldest.value);
    }
  }
}
