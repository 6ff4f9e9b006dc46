import {
  memo,
  useId,
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
  type SetStateAction,
} from 'react';
import type { Conversation } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { CommandMenu, commandOptionId } from './CommandMenu.tsx';
import { SessionPickers } from './SessionPickers.tsx';
import { UsageMeter } from './UsageMeter.tsx';
import { useHostAction } from './useHostAction.ts';
import { useSlashCommands } from './useSlashCommands.ts';

export interface ComposerProps {
  agent: string;
  agentTitle: string;
  busy: Conversation['busy'];
  queued: Conversation['queued'];
  usage: Conversation['usage'];
  commands: Conversation['commands'];
  modes: Conversation['modes'];
  options: Conversation['options'];
  /** What is typed: kept by the view, so it outlives a reload of the conversation. */
  text: string;
  setText: Dispatch<SetStateAction<string>>;
}

/**
 * Where you write to the agent: Enter sends (Shift+Enter is a new line), `/` offers its commands;
 * Cancel while it answers; what waits, and how full its context is. Given only what it shows of the
 * conversation: it is not rendered again at each delta of an answer.
 */
export const Composer = memo(function Composer({
  agent,
  agentTitle,
  busy,
  queued,
  usage,
  commands,
  modes,
  options,
  text,
  setText,
}: ComposerProps) {
  const t = useT();
  const send = useHostAction();
  const cancel = useHostAction();
  const slash = useSlashCommands(text, commands);
  const menuId = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = async () => {
    if (text.trim() === '' || send.pending) return;
    const sent = text;
    // Keep what was typed meanwhile; clear only what went.
    if (await send.run('ChatService.Send', [agent, sent])) {
      setText((current) => (current === sent ? '' : current));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event, setText)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const error = send.error ?? cancel.error;

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      {slash.open && (
        <CommandMenu
          id={menuId}
          label={t('chat.commands.label', { agent: agentTitle })}
          commands={slash.matches}
          active={slash.active}
          onHighlight={slash.setActive}
          onChoose={(command) => setText(slash.complete(command))}
        />
      )}
      <textarea
        className="chat-input"
        value={text}
        rows={2}
        aria-label={t('chat.composer.label', { agent: agentTitle })}
        placeholder={t('chat.composer.placeholder', { agent: agentTitle })}
        aria-autocomplete="list"
        aria-controls={slash.open ? menuId : undefined}
        aria-activedescendant={slash.open ? commandOptionId(menuId, slash.active) : undefined}
        aria-describedby={
          [error === undefined ? '' : errorId, slash.hint === undefined ? '' : hintId]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {slash.hint !== undefined && (
        <p id={hintId} className="chat-note chat-command-typing">
          {t('chat.commands.hint', { hint: slash.hint })}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="chat-error" role="alert">
          {send.error !== undefined
            ? t('chat.composer.sendFailed', { error: send.error })
            : t('chat.composer.cancelFailed', { error })}
        </p>
      )}
      <div className="chat-composer-bar">
        <UsageMeter usage={usage} />
        <SessionPickers agent={agent} agentTitle={agentTitle} modes={modes} options={options} />
        {queued > 0 && (
          <span className="chat-badge chat-queued" role="status">
            {t('chat.composer.queued', { count: queued })}
          </span>
        )}
        <span className="chat-composer-actions">
          {busy && (
            <button
              type="button"
              title={t('chat.composer.cancelLabel')}
              disabled={cancel.pending}
              onClick={() => void cancel.run('ChatService.Cancel', [agent])}
            >
              {t('chat.composer.cancel')}
            </button>
          )}
          <button type="submit" className="primary" disabled={text.trim() === '' || send.pending}>
            {t('chat.composer.send')}
          </button>
        </span>
      </div>
    </form>
  );
});
