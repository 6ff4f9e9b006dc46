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

/**
 * Params that fit the method's schema but not what they name (an environment variable the login
 * method does not read): the wire's -32602, with `message` in the user's language.
 */
export class InvalidParams extends Error {
  override readonly name = 'InvalidParams';
}
