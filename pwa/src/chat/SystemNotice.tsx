import type { ChatMessage } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

/** What a system message says, by its `code`; its own text when the code is not one we know. */
export function SystemNotice({
  message,
  agentTitle,
}: {
  message: ChatMessage;
  agentTitle: string;
}) {
  const t = useT();
  switch (message.code) {
    case 'agent-restarted':
      return (
        <p className="chat-system-text">{t('chat.system.restarted', { agent: agentTitle })}</p>
      );
    case 'agent-unavailable':
      return (
        <p className="chat-system-text">
          {t('chat.system.unavailable', { agent: agentTitle, error: message.error ?? '' })}
        </p>
      );
    case 'notice': {
      const [title, ...more] = texts(message);
      const severity = message.severity ?? 'info';
      return (
        <div className={`chat-notice chat-notice-${severity}`}>
          <p className="chat-system-text">
            <strong>{t(`chat.notice.${severity}`, { agent: agentTitle })}</strong> {title}
          </p>
          {more.map((text, index) => (
            <p key={index} className="chat-system-text">
              {text}
            </p>
          ))}
        </div>
      );
    }
    case 'compaction': {
      const summary = texts(message).join('');
      const state = !message.done
        ? t('chat.compaction.running', { agent: agentTitle })
        : message.error === 'cancelled'
          ? t('chat.compaction.cancelled', { agent: agentTitle })
          : message.error !== undefined
            ? t('chat.compaction.failed', { agent: agentTitle, error: message.error })
            : t('chat.compaction.done', { agent: agentTitle });
      return (
        <div className="chat-compaction">
          <p className="chat-system-text">{state}</p>
          {summary !== '' && (
            <details>
              <summary>{t('chat.compaction.summary')}</summary>
              <p className="chat-compaction-summary">{summary}</p>
            </details>
          )}
        </div>
      );
    }
    default:
      return (
        <p className="chat-system-text">
          {message.parts.map((part) => ('text' in part ? part.text : '')).join('\n')}
        </p>
      );
  }
}

const texts = (message: ChatMessage) =>
  message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
