import type { Route } from '../shell/useRoute.ts';
import { useT } from '../i18n.tsx';

/** What an empty configuration shows: how to add an agent, and the way to Settings. */
export function EmptyAgents({ navigate }: { navigate: (route: Route) => void }) {
  const t = useT();
  return (
    <div className="agents-empty">
      <h2>{t('app.agents.empty.title')}</h2>
      <p>{t('app.agents.empty.body')}</p>
      <button type="button" className="primary" onClick={() => navigate({ screen: 'settings' })}>
        {t('app.agents.empty.settings')}
      </button>
    </div>
  );
}
