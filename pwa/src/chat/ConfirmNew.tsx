import { useEffect, useId, useRef } from 'react';
import { useT } from '../i18n.tsx';

export interface ConfirmNewProps {
  agentTitle: string;
  /** Messages wait behind the answer: they are dropped too. */
  queued: number;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The agent is answering: a new conversation cancels that answer (the conversation itself stays in
 * the history). A modal dialog; the safe choice has the focus.
 */
export function ConfirmNew({
  agentTitle,
  queued,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmNewProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="chat-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={(event) => pending && event.preventDefault()}
    >
      <h2 id={titleId}>{t('chat.new.confirmTitle')}</h2>
      <p id={textId}>
        {t('chat.new.confirmText', { agent: agentTitle })}
        {queued > 0 && ` ${t('chat.new.confirmQueued', { count: queued })}`}
      </p>
      {error !== undefined && (
        <p className="chat-error" role="alert">
          {t('chat.new.failed', { error })}
        </p>
      )}
      <div className="chat-dialog-actions">
        <button ref={keep} type="button" disabled={pending} onClick={() => dialog.current?.close()}>
          {t('chat.new.keep')}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={onConfirm}>
          {t('chat.new.confirm')}
        </button>
      </div>
    </dialog>
  );
}
