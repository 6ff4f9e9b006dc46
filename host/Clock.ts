/**
 * Where the supervisor reads the time and sets its timers: `realClock` in the host; in tests,
 * XState's `SimulatedClock`, which has this shape, as the machines take it through their actor's
 * `clock`.
 */
export interface Clock {
  /** Milliseconds, on a scale that never goes back. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The wall clock; its timers never keep the process alive. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout),
};
