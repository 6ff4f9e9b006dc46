import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import type { Route } from '../shell/useRoute.ts';
import { AgentList } from './AgentList.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { ConversationView } from './ConversationView.tsx';
import './chat.css';

/**
 * The Chat screen: the agents (a side list on wide screens, a picker on narrow ones) and the
 * conversation with the one in the route.
 */
export function ChatScreen({
  agent,
  navigate,
}: {
  agent: string | undefined;
  navigate: (route: Route) => void;
}) {
  const t = useT();
  const agents = useHost((state) => state.agents);
  const online = useHost((state) => state.connection === 'online');
  const summary = agents.find((candidate) => candidate.name === agent);
  const choose = (name: string) => navigate({ screen: 'chat', agent: name });

  let body;
  if (agent === undefined) {
    body = (
      <p className="chat-placeholder">
        {t(agents.length === 0 && online ? 'chat.agents.empty' : 'chat.choose')}
      </p>
    );
  } else if (online && !summary) {
    body = <p className="chat-placeholder chat-error">{t('chat.unknownAgent', { agent })}</p>;
  } else {
    // A key per agent: its own list, scroll position and draft.
    body = <ConversationView key={agent} agent={agent} agentTitle={summary?.title ?? agent} />;
  }

  return (
    <section className="chat">
      <AgentList agents={agents} current={agent} onChoose={choose} />
      <div className="chat-main">
        <ChatHeader agents={agents} agent={agent} onChoose={choose} />
        {body}
      </div>
    </section>
  );
}
