import { useId } from 'react';
import { languages } from '../../../../locales/messages.ts';
import type { ConfigCurrent } from '../../../../schema/config.ts';
import { useHost } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import type { ConfigText } from '../editor/useConfigText.ts';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import { useSetting } from './useSetting.ts';

const themes = ['system', 'light', 'dark'] as const;

/**
 * The theme and the language. They belong to the configuration file (`theme:`, `language:`),
 * so these controls write it; the whole app, this screen included, follows the file.
 */
export function AppearanceSection({ setKey }: { setKey: ConfigText['setKey'] }) {
  const t = useT();
  const titleId = useId();
  const config = useHost((state) => state.config);
  const theme = useSetting<ConfigCurrent['theme']>('theme', config?.theme, setKey);
  const language = useSetting<ConfigCurrent['language']>('language', config?.language, setKey);
  const unknown = config === undefined;

  return (
    <section className="settings-card appearance" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.appearance.title')}</h2>
      <p className="settings-hint">{t('settings.appearance.hint')}</p>
      <ChoiceGroup
        legend={t('settings.theme.label')}
        options={themes.map((value) => ({ value, label: t(`settings.theme.${value}`) }))}
        value={theme.value}
        disabled={unknown}
        busy={theme.busy}
        error={theme.error}
        onChange={theme.change}
      />
      <ChoiceGroup
        legend={t('settings.language.label')}
        options={languages.map((value) => ({ value, label: t(`settings.language.${value}`) }))}
        value={language.value}
        disabled={unknown}
        busy={language.busy}
        error={language.error}
        onChange={language.change}
      />
    </section>
  );
}
