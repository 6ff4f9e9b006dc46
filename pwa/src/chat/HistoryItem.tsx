import type { ConversationSummary } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

export interface HistoryItemProps {
  conversation: ConversationSummary;
  /** Another conversation is being opened, or this one exported: its buttons wait. */
  opening: boolean;
  exporting: boolean;
  onOpen: () => void;
  onExport: () => void;
}

/** One conversation of the history: its title, when it last moved, its size; Open and Export. */
export function HistoryItem({
  conversation,
  opening,
  exporting,
  onOpen,
  onExport,
}: HistoryItemProps) {
  const t = useT();
  const { title, current, messages } = conversation;
  const shown = title === '' ? t('chat.history.untitled') : title;
  const updated = Date.parse(conversation.updatedAt);
  return (
    <li className="chat-history-item">
      <button
        type="button"
        className="chat-history-open"
        aria-current={current ? 'true' : undefined}
        disabled={opening}
        onClick={onOpen}
      >
        <span className={`chat-history-title${title === '' ? ' chat-history-untitled' : ''}`}>
          {shown}
        </span>
        <span className="chat-history-meta">
          {!Number.isNaN(updated) && (
            <time dateTime={conversation.updatedAt}>
              {t('chat.history.updated', { date: updated })}
            </time>
          )}
          <span>{t('chat.history.messages', { count: messages })}</span>
          {current && <span className="chat-badge chat-badge-ok">{t('chat.history.current')}</span>}
        </span>
      </button>
      <button
        type="button"
        className="chat-history-export"
        aria-label={t('chat.history.exportLabel', { title: shown })}
        aria-busy={exporting}
        disabled={exporting}
        onClick={onExport}
      >
        {t('chat.history.export')}
      </button>
    </li>
  );
}
