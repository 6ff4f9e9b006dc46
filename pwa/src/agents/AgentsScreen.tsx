import { useId, useState } from 'react';
import { isRunning } from '../../../schema/agents.ts';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import type { Route } from '../shell/useRoute.ts';
import { AgentCard } from './AgentCard.tsx';
import { EmptyAgents } from './EmptyAgents.tsx';
import { LogViewer } from './LogViewer.tsx';
import './agents.css';

/**
 * The Agents panel: every agent of the configuration, in its order, as a card with its state and
 * its actions; the log viewer of the agent whose Logs were opened.
 */
export function AgentsScreen({ navigate }: { navigate: (route: Route) => void }) {
  const t = useT();
  const headingId = useId();
  const agents = useHost((state) => state.agents);
  // The agents and the configuration arrive together: no configuration yet, nothing loaded yet.
  const loaded = useHost((state) => state.config !== undefined);
  const [logsOf, setLogsOf] = useState<string>();
  const logsAgent = agents.find((agent) => agent.name === logsOf);
  const running = agents.filter((agent) => isRunning(agent.state));

  return (
    <section className="agents" aria-labelledby={headingId}>
      <header className="agents-head">
        <h1 id={headingId}>{t('app.agents.title')}</h1>
        {agents.length > 0 && (
          <p className="agents-summary">
            {t('app.agents.summary', { total: agents.length, running: running.length })}
          </p>
        )}
      </header>
      {!loaded && agents.length === 0 ? (
        <p role="status">{t('app.agents.loading')}</p>
      ) : agents.length === 0 ? (
        <EmptyAgents navigate={navigate} />
      ) : (
        <ul className="agent-list">
          {agents.map((agent) => (
            <li key={agent.name}>
              <AgentCard
                agent={agent}
                onChat={() => navigate({ screen: 'chat', agent: agent.name })}
                onLogs={() => setLogsOf(agent.name)}
              />
            </li>
          ))}
        </ul>
      )}
      {logsAgent && (
        <LogViewer
          key={logsAgent.name}
          agent={logsAgent.name}
          label={logsAgent.title || logsAgent.name}
          onClose={() => setLogsOf(undefined)}
        />
      )}
    </section>
  );
}
