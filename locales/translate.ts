import { IntlMessageFormat } from 'intl-messageformat';
import { catalogs, type Language, type MessageKey } from './messages.ts';

export type { Language, MessageKey };

type Values = Record<string, string | number>;

/** A sentence of the catalogs, in a language the caller already chose. */
export type Say = (key: MessageKey, values?: Values) => string;

const compiled = new Map<string, IntlMessageFormat>();

/**
 * A message of `locales/` in `language`, its ICU placeholders filled. The same in the host, an
 * agent worker and the browser.
 *
 * @example
 * translate('fr', 'error.unknownAgent', { name: 'claude' }) // 'agent inconnu « claude »'
 */
export function translate(language: Language, key: MessageKey, values: Values = {}): string {
  const id = `${language}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(catalogs[language][key], language);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/**
 * A `Say` in the language `language` gives at each call, so that it follows a setting that
 * changes (the configuration's `language`).
 *
 * @example
 * const say = sayIn(() => config.language);
 * say('error.unknownAgent', { name: 'claude' }) // in the language configured at this call
 */
export const sayIn =
  (language: () => Language): Say =>
  (key, values) =>
    translate(language(), key, values);
