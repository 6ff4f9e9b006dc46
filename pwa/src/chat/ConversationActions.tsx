import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n.tsx';
import { ConfirmLeave } from './ConfirmLeave.tsx';
import { useAnswering } from './useAnswering.ts';
import { useHostAction } from './useHostAction.ts';

export interface ConversationActionsProps {
  agent: string;
  agentTitle: string;
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
  historyId,
  historyOpen,
  onToggleHistory,
}: ConversationActionsProps) {
  const t = useT();
  const { busy } = useAnswering(agent);
  const start = useHostAction();
  const [confirming, setConfirming] = useState(false);
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
    if (await start.run('ChatService.New', agent)) setConfirming(false);
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
        <ConfirmLeave
          action="new"
          agent={agent}
          agentTitle={agentTitle}
          pending={start.pending}
          error={start.error}
          onConfirm={() => void startNew()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
