import { useId } from 'react';
import type { AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';
import { AgentActions } from './AgentActions.tsx';

/**
 * One agent: its icon, title and description, its state in the UI's language (a colour per
 * state), whether a restart would apply a changed definition, why it failed, and its actions.
 */
export function AgentCard({
  agent,
  onChat,
  onLogs,
}: {
  agent: AgentSummary;
  onChat: () => void;
  onLogs: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const title = agent.title || agent.name;
  return (
    <article className={`agent-card agent-card-${agent.state}`} aria-labelledby={titleId}>
      <header className="agent-card-head">
        {agent.icon ? (
          <span className="agent-icon" aria-hidden="true">
            {agent.icon}
          </span>
        ) : (
          <span className="agent-icon agent-icon-initial" aria-hidden="true">
            {[...title][0]?.toUpperCase()}
          </span>
        )}
        <h2 id={titleId} className="agent-title">
          {title}
        </h2>
        <span className={`agent-state agent-state-${agent.state}`}>
          {t(`agent.state.${agent.state}`)}
        </span>
      </header>
      {agent.outdated && <p className="agent-outdated">{t('agent.outdated')}</p>}
      {agent.description && <p className="agent-description">{agent.description}</p>}
      {agent.error && <pre className="agent-error">{agent.error}</pre>}
      <AgentActions agent={agent} label={title} onChat={onChat} onLogs={onLogs} />
    </article>
  );
}
