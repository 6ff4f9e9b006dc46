import type { ChatMessage } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';

/**
 * How a message stands: queued or dropped (user), still arriving, or ended with a stop reason
 * other than `end_turn` or with an error (agent).
 */
export function MessageStatus({
  message,
  agentTitle,
}: {
  message: ChatMessage;
  agentTitle: string;
}) {
  const t = useT();
  if (message.role === 'user') {
    if (message.error === 'cancelled') {
      return <p className="chat-note chat-note-cancelled">{t('chat.message.cancelled')}</p>;
    }
    if (message.queued) {
      return <p className="chat-note chat-note-queued">{t('chat.message.queued')}</p>;
    }
    return null;
  }
  if (message.role !== 'agent') return null;
  if (!message.done) {
    return (
      <p className="chat-note chat-note-arriving">
        <span className="chat-dots" aria-hidden="true" />
        {t('chat.message.arriving', { agent: agentTitle })}
      </p>
    );
  }
  const stop = message.stopReason === 'end_turn' ? undefined : message.stopReason;
  if (stop === undefined && message.error === undefined) return null;
  return (
    <>
      {stop !== undefined && (
        <p className="chat-note chat-note-stopped">{t(`chat.stop.${stop}`)}</p>
      )}
      {message.error !== undefined && (
        <p className="chat-note chat-note-error">
          {t('chat.message.error', { error: message.error })}
        </p>
      )}
    </>
  );
}
