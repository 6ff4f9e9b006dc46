/**
 * The catalogs of every string a person reads, as ICU messages (intl-messageformat). The host's
 * and the workers' are in `en.json`/`fr.json`; the app's are split by screen (`app`, `chat`,
 * `settings`, `inspector`, `mesh`, `notify`), each with its `fr` twin.
 */
import appEn from './app.en.json' with { type: 'json' };
import appFr from './app.fr.json' with { type: 'json' };
import chatEn from './chat.en.json' with { type: 'json' };
import chatFr from './chat.fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import inspectorEn from './inspector.en.json' with { type: 'json' };
import inspectorFr from './inspector.fr.json' with { type: 'json' };
import meshEn from './mesh.en.json' with { type: 'json' };
import meshFr from './mesh.fr.json' with { type: 'json' };
import notifyEn from './notify.en.json' with { type: 'json' };
import notifyFr from './notify.fr.json' with { type: 'json' };
import settingsEn from './settings.en.json' with { type: 'json' };
import settingsFr from './settings.fr.json' with { type: 'json' };

export type Language = 'en' | 'fr';

const english = {
  ...en,
  ...appEn,
  ...chatEn,
  ...settingsEn,
  ...inspectorEn,
  ...meshEn,
  ...notifyEn,
};
export type MessageKey = keyof typeof english;

/** Every language the app and the host speak. */
export const languages: readonly Language[] = ['en', 'fr'];

/** `fr` is complete, not a fallback: the type makes a missing key an error. */
export const catalogs: Record<Language, Record<MessageKey, string>> = {
  en: english,
  fr: { ...fr, ...appFr, ...chatFr, ...settingsFr, ...inspectorFr, ...meshFr, ...notifyFr },
};
