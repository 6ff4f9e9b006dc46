import { useCallback, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { catalogs, type Language, type MessageKey } from '../../locales/messages.ts';

type Values = Record<string, string | number>;

/** Every string of the app comes from `locales/`, in the configuration's language. */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <IntlProvider locale={language} messages={catalogs[language]} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}

/** `t('key', values)`: a message of `locales/` in the app's language. */
export function useT(): (key: MessageKey, values?: Values) => string {
  const intl = useIntl();
  return useCallback((key, values) => intl.formatMessage({ id: key }, values), [intl]);
}
