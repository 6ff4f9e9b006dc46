import { memo, useId } from 'react';
import type { ChatMessage, PermissionRequestView } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { MessageAttachments } from './MessageAttachments.tsx';
import { MessageStatus } from './MessageStatus.tsx';
import { PartView } from './PartView.tsx';
import { PermissionPrompt } from './PermissionPrompt.tsx';
import { SystemNotice } from './SystemNotice.tsx';
import { ToolCard } from './ToolCard.tsx';

export interface MessageItemProps {
  message: ChatMessage;
  /** The pending permission requests of this message's turn. */
  permissions: readonly PermissionRequestView[];
  agentTitle: string;
  /** 1-based, for the feed's `aria-posinset`. */
  position: number;
  total: number;
}

/** One message of the conversation: who, when, its parts, and how it stands. */
export const MessageItem = memo(function MessageItem({
  message,
  permissions,
  agentTitle,
  position,
  total,
}: MessageItemProps) {
  const t = useT();
  const authorId = useId();
  const { role } = message;
  const author =
    role === 'user' ? t('chat.role.user') : role === 'system' ? t('chat.role.system') : agentTitle;
  const time = Date.parse(message.createdAt);
  const toolIds = new Set(message.parts.map((part) => (part.kind === 'tool' ? part.tool.id : '')));
  // A request about a call the message does not show (yet) gets a card of its own.
  const loose = permissions.filter((request) => !toolIds.has(request.toolCall.id));
  return (
    <article
      className={`chat-message chat-message-${role}`}
      aria-labelledby={authorId}
      aria-posinset={position}
      aria-setsize={total}
    >
      <header className="chat-message-head">
        <span id={authorId} className="chat-author">
          {author}
        </span>
        {!Number.isNaN(time) && (
          <time dateTime={message.createdAt}>{t('chat.message.time', { time })}</time>
        )}
      </header>
      {role === 'system' ? (
        <SystemNotice message={message} agentTitle={agentTitle} />
      ) : (
        message.parts.map((part, index) => (
          <PartView
            key={index}
            agent={message.agent}
            part={part}
            role={role}
            done={message.done}
            permissions={permissions}
            agentTitle={agentTitle}
          />
        ))
      )}
      {message.attachments && message.attachments.length > 0 && (
        <MessageAttachments attachments={message.attachments} />
      )}
      {loose.map((request) => (
        <ToolCard key={request.id} agent={request.agent} tool={request.toolCall}>
          <PermissionPrompt request={request} agentTitle={agentTitle} />
        </ToolCard>
      ))}
      <MessageStatus message={message} agentTitle={agentTitle} />
    </article>
  );
});
