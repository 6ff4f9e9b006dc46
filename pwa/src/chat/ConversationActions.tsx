import { useEffect, useRef, useState } from 'react';
import { useHost } from '../connection/useHost.ts';
import { useT } from '../i18n.tsx';
import { ConfirmNew } from './ConfirmNew.tsx';
import { useHostAction } from './useHostAction.ts';

export interface ConversationActionsProps {
  agent: string;
  agentTitle: string;
  /** The agent is answering (its state says so, or its conversation does). */
  agentBusy: boolean;
  historyId: string;
  historyOpen: boolean;
  onToggleHistory: () => void;
}

/**
 * The header's conversation buttons: History (the panel of past conversations) and New
 * conversation (`ChatService.New`; while the agent answers, only once you confirm it may cancel).
 */
export function ConversationActions({
  agent,
  agentTitle,
  agentBusy,
  historyId,
  historyOpen,
  onToggleHistory,
}: ConversationActionsProps) {
  const t = useT();
  const conversation = useHost((state) => state.conversations[agent]);
  const start = useHostAction();
  const [confirming, setConfirming] = useState(false);
  const busy = agentBusy || conversation?.busy === true;
  const historyButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(historyOpen);

  // The panel closed with the focus in it: the focus comes back here, not to the page's start.
  useEffect(() => {
    const focus = document.activeElement;
    if (wasOpen.current && !historyOpen && (focus === null || focus === document.body)) {
      historyButton.current?.focus();
    }
    wasOpen.current = historyOpen;
  }, [historyOpen]);

  const startNew = async () => {
    if (await start.run('ChatService.New', [agent])) setConfirming(false);
  };

  return (
    <>
      <button
        ref={historyButton}
        type="button"
        className="chat-header-history"
        aria-expanded={historyOpen}
        aria-controls={historyOpen ? historyId : undefined}
        onClick={onToggleHistory}
      >
        {t('chat.history.open')}
      </button>
      <button
        type="button"
        disabled={start.pending}
        aria-haspopup={busy ? 'dialog' : undefined}
        aria-label={t('chat.new.start')}
        onClick={() => (busy ? setConfirming(true) : void startNew())}
      >
        {/* Narrow screens show the short label; the name stays the whole one. */}
        <span className="chat-label-long">{t('chat.new.start')}</span>
        <span className="chat-label-short">{t('chat.new.short')}</span>
      </button>
      {start.error !== undefined && !confirming && (
        <p className="chat-header-error" role="alert">
          {t('chat.new.failed', { error: start.error })}
        </p>
      )}
      {confirming && (
        <ConfirmNew
          agentTitle={agentTitle}
          queued={conversation?.queued ?? 0}
          pending={start.pending}
          error={start.error}
          onConfirm={() => void startNew()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
