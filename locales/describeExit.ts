import { translate, type Language } from './translate.ts';

/** How a process ended, as a person reads it: `exit code 1`, `killed by SIGKILL`. */
export function describeExit(
  language: Language,
  { code, signal }: { code: number | null; signal: string | null },
): string {
  if (signal) return translate(language, 'exit.signal', { signal });
  if (code !== null) return translate(language, 'exit.code', { code });
  return translate(language, 'exit.unknown');
}
