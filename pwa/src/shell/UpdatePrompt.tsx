import { useEffect, useState } from 'react';
import { useT } from '../i18n.tsx';
import { onUpdateReady } from './serviceWorker.ts';

/** "A new version is ready — Reload", once the service worker has one waiting. */
export function UpdatePrompt() {
  const t = useT();
  const [reload, setReload] = useState<(() => void) | undefined>();
  useEffect(() => onUpdateReady((next) => setReload(() => next)), []);
  if (!reload) return null;
  return (
    <div className="banner banner-info" role="status">
      <span>{t('app.update.ready')}</span>
      <button type="button" onClick={reload}>
        {t('app.update.reload')}
      </button>
    </div>
  );
}
