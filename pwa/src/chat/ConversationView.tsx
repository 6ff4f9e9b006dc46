import { useMemo } from 'react';
import { useT } from '../i18n.tsx';
import { Composer } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { PermissionPrompt } from './PermissionPrompt.tsx';
import { ToolCard } from './ToolCard.tsx';
import { useConversation } from './useConversation.ts';

/** One agent's conversation: loaded when shown, its messages, and the composer. */
export function ConversationView({ agent, agentTitle }: { agent: string; agentTitle: string }) {
  const t = useT();
  const { conversation, error } = useConversation(agent);
  const messageIds = useMemo(
    () => new Set(conversation?.messages.map((message) => message.id)),
    [conversation?.messages],
  );
  if (error !== undefined) {
    return (
      <p className="chat-placeholder chat-error" role="alert">
        {t('chat.loadFailed', { error })}
      </p>
    );
  }
  if (!conversation) {
    return (
      <p className="chat-placeholder" role="status">
        {t('chat.loading')}
      </p>
    );
  }
  // A request whose message is not (yet) here must not go unanswered.
  const orphans = conversation.permissions.filter((request) => !messageIds.has(request.messageId));
  return (
    <>
      <MessageList
        messages={conversation.messages}
        permissions={conversation.permissions}
        agentTitle={agentTitle}
        busy={conversation.busy}
      />
      {orphans.length > 0 && (
        <div className="chat-orphans" aria-label={t('chat.permission.pending')} role="region">
          {orphans.map((request) => (
            <ToolCard key={request.id} tool={request.toolCall}>
              <PermissionPrompt request={request} agentTitle={agentTitle} />
            </ToolCard>
          ))}
        </div>
      )}
      <Composer agent={agent} agentTitle={agentTitle} conversation={conversation} />
    </>
  );
}
