import type { SearchHit } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { AgentAvatar } from './AgentAvatar.tsx';
import { highlight } from './highlight.ts';

export interface SearchHitItemProps {
  hit: SearchHit;
  query: string;
  agentTitle: string;
  agentIcon: string;
  disabled: boolean;
  onOpen: () => void;
}

/** One search result: whose conversation, when, and the snippet with the query's words marked. */
export function SearchHitItem({
  hit,
  query,
  agentTitle,
  agentIcon,
  disabled,
  onOpen,
}: SearchHitItemProps) {
  const t = useT();
  const date = Date.parse(hit.createdAt);
  return (
    <li>
      <button type="button" className="chat-hit" disabled={disabled} onClick={onOpen}>
        <span className="chat-hit-head">
          <AgentAvatar icon={agentIcon} title={agentTitle} />
          <span className="chat-hit-agent">{agentTitle}</span>
          {!Number.isNaN(date) && (
            <time dateTime={hit.createdAt}>{t('chat.search.date', { date })}</time>
          )}
        </span>
        <span className="chat-hit-snippet">
          {highlight(hit.snippet, query).map((segment, index) =>
            segment.mark ? <mark key={index}>{segment.text}</mark> : segment.text,
          )}
        </span>
      </button>
    </li>
  );
}
