/**
 * A configuration's problems and, when it has no error, the configuration itself (CONTRACT.md §2):
 * every problem at the 1-based line and column of its YAML node, worded in the file's `language`.
 */
import type { Problem } from '../../schema/config.ts';
import { checkConfig } from '../../schema/configCheck/checkConfig.ts';
import type { ConfigCheck } from '../../schema/configCheck/finding.ts';
import { maxConfigBytes } from '../../schema/configCheck/limits.ts';
import { translate, type Language } from '../i18n.ts';
import { environmentFindings, type EnvironmentOptions } from './environmentFindings.ts';
import { resolveConfig, type Config } from './resolveConfig.ts';
import { checkConfigInPool, ValidationBusy } from './validationPool.ts';
import { wordFindings } from './wordFindings.ts';

export { destroyValidationPool } from './validationPool.ts';

export interface ValidateOptions {
  /** Where commands are looked up (`PATH`); `process.env` by default. */
  env?: Record<string, string | undefined>;
  /** The language of a refusal the text cannot tell the language of (a busy pool). */
  language?: Language;
}

export interface Validation {
  /** Errors and warnings together, by position. */
  problems: Problem[];
  /** Present exactly when no problem is an error. */
  config: Config | undefined;
}

/**
 * Texts above this many bytes (UTF-8) are checked in a worker thread by `validateConfigInPool`:
 * a configuration of some fifty agents, checked inline in a few milliseconds.
 */
export const poolThreshold = 16 * 1024;

/**
 * Checks a configuration's text as the file at `path` (its folder anchors relative paths); never
 * throws.
 *
 * @example
 * validateConfig('agents:\n  claude:\n    args: x\n', '/home/me/config.yaml').problems
 * // [{ line: 3, column: 5, message: '`agents.claude` needs a `command`', warning: false },
 * //  { line: 3, column: 11, message: '`agents.claude.args` must be a list of strings', warning: false }]
 */
export function validateConfig(
  text: string,
  path: string,
  options: ValidateOptions = {},
): Validation {
  return guarded(() => complete(checkConfig(text), path, options));
}

/** `validateConfig`, run in a worker thread when `text` is larger than 64 KiB. */
export async function validateConfigInPool(
  text: string,
  path: string,
  options: ValidateOptions = {},
): Promise<Validation> {
  // Small texts are checked at once; larger ones off the main thread, unless too large to check.
  const bytes = Buffer.byteLength(text);
  if (bytes <= poolThreshold || bytes > maxConfigBytes) return validateConfig(text, path, options);
  try {
    const { check } = await checkConfigInPool(text);
    return guarded(() => complete(check, path, options));
  } catch (error) {
    if (error instanceof ValidationBusy)
      return refused(translate(options.language ?? 'en', 'config.busy'));
    return unreadable(error);
  }
}

/** Adds what only this machine can tell, words every finding, and resolves a valid file. */
function complete(check: ConfigCheck, path: string, options: ValidateOptions): Validation {
  const env: EnvironmentOptions = options.env ? { env: options.env } : {};
  const findings = [...check.findings, ...environmentFindings(check.agents, path, env)];
  const problems = wordFindings(findings, check.language);
  const valid = check.value && !problems.some((problem) => !problem.warning);
  return { problems, config: valid ? resolveConfig(check.value!, path) : undefined };
}

function guarded(validate: () => Validation): Validation {
  try {
    return validate();
  } catch (error) {
    return unreadable(error);
  }
}

/** A check that failed in a way nobody foresaw: one error, so the file is not used. */
function unreadable(error: unknown): Validation {
  const reason = error instanceof Error ? error.message : String(error);
  return refused(translate('en', 'config.unreadable', { reason }));
}

/** A text that was not checked: one error at its top, so it is neither saved nor used. */
function refused(message: string): Validation {
  return { problems: [{ line: 1, column: 1, message, warning: false }], config: undefined };
}
