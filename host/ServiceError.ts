import type { ErrorKind } from '../schema/errors.ts';

/**
 * A refusal or failure the user reads: `message` is the sentence shown, in their language;
 * `kind` is the wire's `data.kind` (CONTRACT.md §3).
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';

  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}
