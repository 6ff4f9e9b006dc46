/** The catalogs of every string a person reads, as ICU messages (intl-messageformat). */
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };

export type Language = 'en' | 'fr';
export type MessageKey = keyof typeof en;

export const languages: readonly Language[] = ['en', 'fr'];

/** `fr` is complete, not a fallback: the type makes a missing key an error. */
export const catalogs: Record<Language, Record<MessageKey, string>> = { en, fr };
