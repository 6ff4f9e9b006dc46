import type { AgentSummary } from '../../../schema/agents.ts';
import { useT } from '../i18n.tsx';
import { AgentAvatar } from './AgentAvatar.tsx';

export interface AgentListProps {
  agents: readonly AgentSummary[];
  current: string | undefined;
  onChoose: (agent: string) => void;
}

/** The agents to talk to, with their state: the side list of wide screens. */
export function AgentList({ agents, current, onChoose }: AgentListProps) {
  const t = useT();
  return (
    <nav className="chat-agents" aria-label={t('chat.agents.label')}>
      {agents.length === 0 ? (
        <p className="chat-agents-empty">{t('chat.agents.empty')}</p>
      ) : (
        <ul>
          {agents.map((agent) => (
            <li key={agent.name}>
              <button
                type="button"
                className="chat-agent"
                aria-current={agent.name === current ? 'page' : undefined}
                onClick={() => onChoose(agent.name)}
              >
                <AgentAvatar icon={agent.icon} title={agent.title} />
                <span className="chat-agent-text">
                  <span className="chat-agent-title">{agent.title}</span>
                  <span className={`chat-state chat-state-${agent.state}`}>
                    {t(`agent.state.${agent.state}`)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
