import { useCallback, useEffect, useId, useState } from 'react';
import type { SearchHit } from '../../../schema/conversation.ts';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import type { Navigate } from '../shell/useRoute.ts';
import { AgentList } from './AgentList.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { ConversationActions } from './ConversationActions.tsx';
import { ConversationView, type Reveal } from './ConversationView.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { agentToOpen, rememberAgent, rememberedAgent } from './lastAgent.ts';
import { markdownParser } from './markdown/MarkdownParser.ts';
import { SearchPanel } from './SearchPanel.tsx';
import './chat.css';

/**
 * The Chat screen: the search and the agents (a side column on wide screens; a picker, and the
 * search over the screen, on narrow ones), the conversation with the agent in the route, and its
 * history (a column on wide screens, over the conversation on narrower ones). A route that names
 * no agent opens the one whose chat was opened last on this device, or the only one.
 */
export function ChatScreen({
  agent: routed,
  navigate,
}: {
  agent: string | undefined;
  navigate: Navigate;
}) {
  const t = useT();
  const agents = useHost((state) => state.agents);
  const online = useHost((state) => state.connection === 'online');
  // Once the agents are known (a first connection has listed them).
  const known = online || agents.length > 0;
  const remembered = routed === undefined ? rememberedAgent() : undefined;
  const opened = routed === undefined && known ? agentToOpen(agents, remembered) : undefined;
  const agent = routed ?? opened;
  const summary = agents.find((candidate) => candidate.name === agent);
  useEffect(() => {
    if (opened !== undefined) navigate({ screen: 'chat', agent: opened }, { replace: true });
  }, [opened, navigate]);
  const shown = summary?.name;
  useEffect(() => {
    if (shown !== undefined) rememberAgent(shown);
  }, [shown]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [reveal, setReveal] = useState<Reveal>();
  const sideId = useId();
  const historyId = useId();
  // While nothing streams yet, so that the first answer's frames are not the ones that pay for
  // it; once the conversation is shown, so that its open does not either.
  const loaded = useHost((state) => agent !== undefined && agent in state.conversations);
  useEffect(() => {
    if (loaded) markdownParser.warmUp();
  }, [loaded]);
  const choose = (name: string) => {
    setSearchOpen(false);
    navigate({ screen: 'chat', agent: name });
  };
  const openHit = (hit: SearchHit) => {
    setReveal({ agent: hit.agent, conversation: hit.conversation, messageId: hit.messageId });
    choose(hit.agent);
  };
  const revealed = useCallback(() => setReveal(undefined), []);

  let body;
  if (agent === undefined && !known && remembered !== undefined) {
    body = null; // the remembered agent opens once the agents are known: no picker in between
  } else if (agent === undefined) {
    body = (
      <p className="chat-placeholder">
        {t(agents.length === 0 && online ? 'chat.agents.empty' : 'chat.choose')}
      </p>
    );
  } else if (online && !summary) {
    body = <p className="chat-placeholder chat-error">{t('chat.unknownAgent', { agent })}</p>;
  } else {
    // A key per agent: its own list, scroll position and draft.
    body = (
      <ConversationView
        key={agent}
        agent={agent}
        agentTitle={summary?.title ?? agent}
        reveal={reveal}
        onRevealed={revealed}
      />
    );
  }
  const history = historyOpen && agent !== undefined && summary !== undefined;

  return (
    <section className={history ? 'chat chat-with-history' : 'chat'}>
      <div id={sideId} className={searchOpen ? 'chat-side chat-side-open' : 'chat-side'}>
        <SearchPanel
          agents={agents}
          covering={searchOpen}
          onOpened={openHit}
          onClose={() => setSearchOpen(false)}
        >
          <AgentList agents={agents} current={agent} onChoose={choose} />
        </SearchPanel>
      </div>
      <div className="chat-main">
        <ChatHeader
          agents={agents}
          agent={agent}
          onChoose={choose}
          searchOpen={searchOpen}
          searchId={sideId}
          onToggleSearch={() => setSearchOpen((open) => !open)}
          actions={
            summary && (
              <ConversationActions
                key={summary.name}
                agent={summary.name}
                agentTitle={summary.title}
                historyId={historyId}
                historyOpen={history}
                onToggleHistory={() => setHistoryOpen((open) => !open)}
              />
            )
          }
        />
        {body}
      </div>
      {history && (
        <HistoryPanel
          key={summary.name}
          id={historyId}
          agent={summary.name}
          agentTitle={summary.title}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </section>
  );
}
