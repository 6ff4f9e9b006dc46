/**
 * The one tagged outcome that crosses a boundary (an agent worker to the host, the host to the
 * wire; STYLE.md, "Errors"): the value, or why not — `kind` is the wire's `data.kind` (CONTRACT.md
 * §3), `message` the sentence the user reads, in their language, carried as it is.
 */
import type { ErrorKind } from './errors.ts';

export type Result<T> =
  { ok: true; value: T } | { ok: false; error: { kind: ErrorKind; message: string } };

/** `value`, as a result. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** A failure of `kind`, said by `message`. */
export const failed = (kind: ErrorKind, message: string): Result<never> => ({
  ok: false,
  error: { kind, message },
});
