import type { ErrorKind } from '../schema/errors.ts';
import type { Result } from '../schema/result.ts';

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

/**
 * A worker's result as the request's: its value, or its failure as the worker worded it (in the
 * user's language, with its kind); `none` when no worker answered.
 */
export function settle<T>(result: Result<T> | undefined, none: () => ServiceError): T {
  if (result === undefined) throw none();
  if (!result.ok) throw new ServiceError(result.error.kind, result.error.message);
  return result.value;
}
