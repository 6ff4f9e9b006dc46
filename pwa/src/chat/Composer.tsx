import {
  memo,
  useId,
  useRef,
  type ClipboardEvent,
  type Dispatch,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type SetStateAction,
} from 'react';
import type { Conversation } from '../../../schema/conversation.ts';
import { useT } from '../i18n.tsx';
import { AttachmentTray } from './AttachmentTray.tsx';
import { CommandMenu } from './CommandMenu.tsx';
import { commandOptionId } from './ComposerMenu.tsx';
import { FileMenu } from './FileMenu.tsx';
import { SessionPickers } from './SessionPickers.tsx';
import { UsageMeter } from './UsageMeter.tsx';
import { useHostAction } from './useHostAction.ts';
import { useSlashCommands } from './useSlashCommands.ts';
import { useAttachments } from './useAttachments.ts';
import { useFileMentions } from './useFileMentions.ts';

export interface ComposerProps {
  agent: string;
  agentTitle: string;
  busy: Conversation['busy'];
  queued: Conversation['queued'];
  usage: Conversation['usage'];
  commands: Conversation['commands'];
  modes: Conversation['modes'];
  options: Conversation['options'];
  /** Whether the agent takes images (and embedded files): the image button shows only then. */
  prompt: Conversation['prompt'];
  /** What is typed: kept by the view, so it outlives a reload of the conversation. */
  text: string;
  setText: Dispatch<SetStateAction<string>>;
}

/** The images among files given (a paste, a drop, the picker). */
const imagesOf = (files: FileList | null | undefined) =>
  Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));

/**
 * Where you write to the agent: Enter sends (Shift+Enter is a new line), `/` offers its commands,
 * `@` its files; images pasted, dropped or picked (a tablet offers its camera) go with the message
 * when the agent takes them; Cancel while it answers; what waits, and how full its context is.
 * Given only what it shows of the conversation: it is not rendered again at each delta of an answer.
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
  prompt,
  text,
  setText,
}: ComposerProps) {
  const t = useT();
  const send = useHostAction();
  const cancel = useHostAction();
  const slash = useSlashCommands(text, commands);
  const mentions = useFileMentions(agent, text);
  const attachments = useAttachments(agentTitle, prompt.image);
  const picker = useRef<HTMLInputElement>(null);
  const menuId = useId();
  const errorId = useId();
  const hintId = useId();
  const attached = attachments.images.length + attachments.files.length > 0;
  const empty = text.trim() === '' && !attached;

  const submit = async () => {
    if (empty || send.pending) return;
    const sent = text;
    const going = attachments.toSend();
    // Keep what was typed meanwhile; clear only what went.
    if (await send.run('ChatService.Send', agent, sent, going.length > 0 ? going : undefined)) {
      setText((current) => (current === sent ? '' : current));
      attachments.clear();
    }
  };
  const chooseFile = (path: string) => {
    setText(mentions.complete(path));
    attachments.addFile(path);
  };
  const onPaste = (event: ClipboardEvent) => {
    const images = imagesOf(event.clipboardData.files);
    if (images.length === 0) return;
    event.preventDefault();
    void attachments.addImages(images);
  };
  const onDrop = (event: DragEvent) => {
    const images = imagesOf(event.dataTransfer.files);
    if (images.length === 0) return;
    event.preventDefault();
    void attachments.addImages(images);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(event, setText)) return;
    if (mentions.onKeyDown(event, chooseFile)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  const error = send.error ?? cancel.error ?? attachments.problem;
  const menuOpen = slash.open || mentions.open;

  return (
    <form
      className="chat-composer"
      onSubmit={onSubmit}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={onDrop}
    >
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
      {!slash.open && mentions.open && (
        <FileMenu
          id={menuId}
          label={t('chat.attach.files', { agent: agentTitle })}
          paths={mentions.matches}
          active={mentions.active}
          onHighlight={mentions.setActive}
          onChoose={chooseFile}
        />
      )}
      <AttachmentTray
        images={attachments.images}
        files={attachments.files}
        onRemoveImage={attachments.removeImage}
        onRemoveFile={attachments.removeFile}
      />
      <textarea
        className="chat-input"
        value={text}
        rows={2}
        aria-label={t('chat.composer.label', { agent: agentTitle })}
        placeholder={t('chat.composer.placeholder', { agent: agentTitle })}
        aria-autocomplete="list"
        aria-controls={menuOpen ? menuId : undefined}
        aria-activedescendant={
          menuOpen
            ? commandOptionId(menuId, slash.open ? slash.active : mentions.active)
            : undefined
        }
        aria-describedby={
          [error === undefined ? '' : errorId, slash.hint === undefined ? '' : hintId]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
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
            : cancel.error !== undefined
              ? t('chat.composer.cancelFailed', { error })
              : error}
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
          {prompt.image && (
            <>
              <input
                ref={picker}
                type="file"
                accept="image/*"
                multiple
                hidden
                data-testid="image-picker"
                onChange={(event) => {
                  void attachments.addImages(imagesOf(event.target.files));
                  event.target.value = '';
                }}
              />
              <button
                type="button"
                className="chat-attach-button"
                aria-label={t('chat.attach.pick')}
                title={t('chat.attach.pick')}
                onClick={() => picker.current?.click()}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path
                    d="M4 8h3l2-3h6l2 3h3v11H4z M12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 0 0 0-7z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            </>
          )}
          {busy && (
            <button
              type="button"
              title={t('chat.composer.cancelLabel')}
              disabled={cancel.pending}
              onClick={() => void cancel.run('ChatService.Cancel', agent)}
            >
              {t('chat.composer.cancel')}
            </button>
          )}
          <button type="submit" className="primary" disabled={empty || send.pending}>
            {t('chat.composer.send')}
          </button>
        </span>
      </div>
    </form>
  );
});
