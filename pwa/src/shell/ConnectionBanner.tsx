import { useHostStore } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { useConnection } from '../connection/useConnection.ts';

/** Says when the host cannot be reached (the app keeps what it had) and offers to retry now. */
export function ConnectionBanner() {
  const t = useT();
  const store = useHostStore();
  const connection = useConnection();
  if (connection === 'online') return null;
  if (connection === 'offline') {
    return (
      <div className="banner banner-warning" role="alert">
        <span>{t('app.connection.offline')}</span>
        <button type="button" onClick={() => store.connection.retry()}>
          {t('app.connection.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="banner banner-info" role="status">
      {t(connection === 'resyncing' ? 'app.connection.resyncing' : 'app.connection.connecting')}
    </div>
  );
}
