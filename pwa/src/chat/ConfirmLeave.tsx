import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { MessageKey } from '../../../locales/messages.ts';
import { useT } from '../i18n.tsx';
import { useAnswering } from './useAnswering.ts';

/** What leaves the current conversation: `ChatService.New`, or `ChatService.Open` of another. */
export type LeaveAction = 'new' | 'open';

const texts = {
  new: {
    title: 'chat.new.confirmTitle',
    text: 'chat.new.confirmText',
    confirm: 'chat.new.confirm',
    failed: 'chat.new.failed',
  },
  open: {
    title: 'chat.open.confirmTitle',
    text: 'chat.open.confirmText',
    confirm: 'chat.open.confirm',
    failed: 'chat.open.failed',
  },
} as const satisfies Record<LeaveAction, Record<string, MessageKey>>;

export interface ConfirmLeaveProps {
  action: LeaveAction;
  agent: string;
  agentTitle: string;
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The agent is answering: leaving its current conversation (a new one, another one opened)
 * cancels that answer and drops the messages waiting; the conversation itself stays in the
 * history. A modal dialog; the safe choice has the focus.
 */
export function ConfirmLeave({
  action,
  agent,
  agentTitle,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmLeaveProps) {
  const t = useT();
  const { queued } = useAnswering(agent);
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const say = texts[action];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
  }, []);

  // Escape closes the dialog only, not the panel it was opened from.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.stopPropagation();
  };

  return (
    <dialog
      ref={dialog}
      className="chat-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onCancel={(event) => pending && event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId}>{t(say.title)}</h2>
      <p id={textId}>
        {t(say.text, { agent: agentTitle })}
        {queued > 0 && ` ${t('chat.leave.queued', { count: queued })}`}
      </p>
      {error !== undefined && (
        <p className="chat-error" role="alert">
          {t(say.failed, { error })}
        </p>
      )}
      <div className="chat-dialog-actions">
        <button ref={keep} type="button" disabled={pending} onClick={() => dialog.current?.close()}>
          {t('chat.leave.keep')}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={onConfirm}>
          {t(say.confirm)}
        </button>
      </div>
    </dialog>
  );
}
