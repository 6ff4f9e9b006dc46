import { useId } from 'react';
import { useT } from '../i18n.tsx';
import { AppearanceSection } from './appearance/AppearanceSection.tsx';
import { ConfigEditor } from './editor/ConfigEditor.tsx';
import { useConfigText } from './editor/useConfigText.ts';
import { ConfigFileSection } from './file/ConfigFileSection.tsx';
import { NotificationsSection } from './notifications/NotificationsSection.tsx';
import { PermissionRulesSection } from './permissions/PermissionRulesSection.tsx';
import { DevicesSection } from './devices/DevicesSection.tsx';
import './settings.css';

/**
 * The Settings screen: the configuration file in use (Open…, the recent files), the theme and
 * the language (keys of that file), this device's notifications, the saved permission rules, the
 * paired devices, and the file's text in an editor
 * checked by the host.
 */
export function SettingsScreen() {
  const t = useT();
  const headingId = useId();
  const text = useConfigText();
  return (
    <section className="settings" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('settings.title')}</h1>
      <div className="settings-layout">
        <div className="settings-side">
          <ConfigFileSection dirty={text.dirty} />
          <AppearanceSection setKey={text.setKey} />
          <NotificationsSection />
          <PermissionRulesSection />
          <DevicesSection />
        </div>
        <ConfigEditor text={text} />
      </div>
    </section>
  );
}
