import { parse } from 'yaml';
import type { Language } from '../i18n.ts';
import { readConfigText } from './readConfigText.ts';

/**
 * The language a configuration file asks for, read before it is opened (and checked): what the
 * host says before then — that it cannot start — is in the user's language. `en` when the file
 * is missing, unreadable or says nothing valid.
 */
export async function peekLanguage(path: string): Promise<Language> {
  try {
    const file: unknown = parse(await readConfigText(path), { maxAliasCount: 0 });
    const language = (file as { language?: unknown } | null)?.language;
    return language === 'fr' ? 'fr' : 'en';
  } catch {
    return 'en';
  }
}
