import type { AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';
import { AgentAvatar } from './AgentAvatar.tsx';
import { AgentPicker } from './AgentPicker.tsx';

export interface ChatHeaderProps {
  agents: readonly AgentSummary[];
  agent: string | undefined;
  onChoose: (agent: string) => void;
}

/** The agent talked to, its state (and why, in error); on narrow screens, the picker too. */
export function ChatHeader({ agents, agent, onChoose }: ChatHeaderProps) {
  const t = useT();
  const summary = agents.find((candidate) => candidate.name === agent);
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
          {summary.description !== '' && (
            <span className="chat-header-description">{summary.description}</span>
          )}
        </>
      )}
      {summary?.state === 'error' && summary.error !== '' && (
        <p className="chat-header-error" role="alert">
          {summary.error}
        </p>
      )}
    </header>
  );
}
