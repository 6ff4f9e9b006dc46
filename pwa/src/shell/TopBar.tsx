import { useT } from '../i18n.tsx';
import type { Route } from './useRoute.ts';
import { useConnection } from '../connection/useConnection.ts';
import { ApprovalInbox } from './ApprovalInbox.tsx';

const screens = ['agents', 'chat', 'mesh', 'settings', 'inspector'] as const;

/** The app's name, its screens, the approval inbox, and the connection's state. */
export function TopBar({ route, navigate }: { route: Route; navigate: (route: Route) => void }) {
  const t = useT();
  const connection = useConnection();
  return (
    <header className="top-bar">
      <span className="brand" title={`Switchboard ${__APP_BUILD__}`}>
        Switchboard
      </span>
      <nav aria-label={t('app.nav.label')}>
        {screens.map((screen) => (
          <button
            key={screen}
            type="button"
            className="tab"
            aria-current={route.screen === screen ? 'page' : undefined}
            onClick={() =>
              navigate(
                screen === 'chat' || screen === 'inspector'
                  ? { screen, agent: undefined }
                  : { screen },
              )
            }
          >
            {t(`app.nav.${screen}`)}
          </button>
        ))}
      </nav>
      <ApprovalInbox />
      <span className={`connection connection-${connection}`} role="status">
        {t(`app.connection.state.${connection}`)}
      </span>
    </header>
  );
}
