import type { ReactNode } from 'react';
import type { AgentSummary } from '../../../schema/agents.ts';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { AgentAvatar } from './AgentAvatar.tsx';
import { AgentPicker } from './AgentPicker.tsx';

export interface ChatHeaderProps {
  agents: readonly AgentSummary[];
  agent: string | undefined;
  onChoose: (agent: string) => void;
  /** The search covers the screen (narrow screens, where the side column is hidden). */
  searchOpen: boolean;
  searchId: string;
  onToggleSearch: () => void;
  /** The conversation's own buttons, once an agent is chosen. */
  actions?: ReactNode;
}

/**
 * The agent talked to, its state (and why, in error), the conversation's title (the agent's own,
 * `session_info_update`, else the start of its first message) and its buttons; on narrow screens,
 * the picker and the search button too.
 */
export function ChatHeader({
  agents,
  agent,
  onChoose,
  searchOpen,
  searchId,
  onToggleSearch,
  actions,
}: ChatHeaderProps) {
  const t = useT();
  const summary = agents.find((candidate) => candidate.name === agent);
  const title = useHost((state) =>
    agent === undefined ? '' : (state.conversations[agent]?.title ?? ''),
  );
  return (
    <header className="chat-header">
      <AgentPicker agents={agents} current={agent} onChoose={onChoose} />
      {summary && (
        <>
          <span className="chat-header-agent">
            <AgentAvatar icon={summary.icon} title={summary.title} />
            <h2 className="chat-header-title">{summary.title}</h2>
          </span>
          <span
            className={`chat-state chat-state-${summary.state}`}
            aria-label={t('chat.header.state', { state: t(`agent.state.${summary.state}`) })}
          >
            {t(`agent.state.${summary.state}`)}
          </span>
          {title !== '' ? (
            <span className="chat-header-conversation" title={title}>
              {title}
            </span>
          ) : (
            summary.description !== '' && (
              <span className="chat-header-description">{summary.description}</span>
            )
          )}
        </>
      )}
      <button
        type="button"
        className="chat-search-toggle"
        aria-expanded={searchOpen}
        aria-controls={searchId}
        onClick={onToggleSearch}
      >
        {t('chat.search.open')}
      </button>
      {summary && actions}
      {summary?.state === 'error' && summary.error !== '' && (
        <p className="chat-header-error" role="alert">
          {summary.error}
        </p>
      )}
    </header>
  );
}
