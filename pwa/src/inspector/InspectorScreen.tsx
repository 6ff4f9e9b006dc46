import { appActors } from '../connection/HostStore.ts';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import type { Route } from '../shell/useRoute.ts';
import { InspectorView } from './InspectorView.tsx';
import { TargetPicker } from './TargetPicker.tsx';
import './inspector.css';

/**
 * The statechart inspector: what to inspect (an agent, or this app's own connection), its live
 * actors, the selected one's machine drawn with its current state lit, and the event log.
 */
export function InspectorScreen({
  agent,
  navigate,
}: {
  agent: string | undefined;
  navigate: (route: Route) => void;
}) {
  const t = useT();
  const agents = useHost((state) => state.agents);
  const online = useHost((state) => state.connection === 'online');

  let body;
  if (agent === undefined) {
    body = <p className="inspector-placeholder">{t('inspector.choose')}</p>;
  } else if (agent !== appActors && online && !agents.some((known) => known.name === agent)) {
    body = <p className="inspector-placeholder">{t('inspector.unknownAgent', { agent })}</p>;
  } else {
    // A view per target: its own selection, filters and zoom.
    body = <InspectorView key={agent} target={agent} />;
  }

  return (
    <section className="inspector" aria-label={t('inspector.title')}>
      <div className="inspector-bar">
        <TargetPicker
          agents={agents}
          current={agent}
          onChoose={(target) => navigate({ screen: 'inspector', agent: target })}
        />
      </div>
      {body}
    </section>
  );
}
