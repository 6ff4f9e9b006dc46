import { useCallback, useState } from 'react';
import { findMessage } from '../../../machines/conversationFold.ts';
import { useT } from '../i18n.tsx';
import { useHostStore } from '../connection/useHost.ts';
import { Composer } from './Composer.tsx';
import { ElicitationPrompt } from './ElicitationPrompt.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { MessageList } from './MessageList.tsx';
import { PermissionPrompt } from './PermissionPrompt.tsx';
import { ToolCard } from './ToolCard.tsx';
import { useConversation } from './useConversation.ts';

/** A message to bring into view: a search hit's. */
export interface Reveal {
  agent: string;
  conversation: string;
  messageId: string;
}

export interface ConversationViewProps {
  agent: string;
  agentTitle: string;
  /** Scrolled to and highlighted once this conversation is the one shown. */
  reveal?: Reveal | undefined;
  onRevealed?: () => void;
}

/** One agent's conversation: loaded when shown, its messages, and the composer. */
export function ConversationView({ agent, agentTitle, reveal, onRevealed }: ConversationViewProps) {
  const t = useT();
  const { conversation, error } = useConversation(agent);
  const store = useHostStore();
  // A failed page is asked for again when a row not loaded comes into view again.
  const loadEarlier = useCallback(
    () => void store.loadEarlier(agent).catch(() => {}),
    [store, agent],
  );
  // The draft stays while the conversation reloads (another one opened, from here or elsewhere).
  const [draft, setDraft] = useState('');
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
  // Looked up from the end (`findMessage`), not a set of every id: this runs on every delta.
  const orphans = conversation.permissions.filter(
    (request) => findMessage(conversation, request.messageId) === undefined,
  );
  return (
    <>
      <MessageList
        messages={conversation.messages}
        permissions={conversation.permissions}
        agentTitle={agentTitle}
        busy={conversation.busy}
        reveal={
          reveal?.agent === agent && reveal.conversation === conversation.id
            ? reveal.messageId
            : undefined
        }
        onRevealed={onRevealed}
        earlier={conversation.earlier}
        onNeedEarlier={loadEarlier}
      />
      {orphans.length > 0 && (
        <div className="chat-orphans" aria-label={t('chat.permission.pending')} role="region">
          {orphans.map((request) => (
            <ToolCard key={request.id} agent={request.agent} tool={request.toolCall}>
              <PermissionPrompt request={request} agentTitle={agentTitle} />
            </ToolCard>
          ))}
        </div>
      )}
      {conversation.elicitations.map((elicitation) => (
        <ElicitationPrompt key={elicitation.id} elicitation={elicitation} agentTitle={agentTitle} />
      ))}
      {conversation.auth && (
        <LoginPrompt agent={agent} agentTitle={agentTitle} auth={conversation.auth} />
      )}
      <Composer
        agent={agent}
        agentTitle={agentTitle}
        busy={conversation.busy}
        queued={conversation.queued}
        usage={conversation.usage}
        commands={conversation.commands}
        modes={conversation.modes}
        options={conversation.options}
        prompt={conversation.prompt}
        text={draft}
        setText={setDraft}
      />
    </>
  );
}
