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
    default:
      return (
        <p className="chat-system-text">
          {message.parts.map((part) => ('text' in part ? part.text : '')).join('\n')}
        </p>
      );
  }
}
