import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useT } from '../i18n.tsx';
import { useLogs } from './useLogs.ts';

/** How close to the end (px) counts as "at the end": new lines then keep the view there. */
const stickiness = 24;

/**
 * A modal dialog with an agent's stderr, monospace, live, scrolled to the end (unless the reader
 * scrolled up). Escape or the close button closes it.
 */
export function LogViewer({
  agent,
  label,
  onClose,
}: {
  agent: string;
  /** The agent's name as people read it (its title). */
  label: string;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const hintId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const { lines, failure } = useLogs(agent);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  useLayoutEffect(() => {
    const element = log.current;
    if (element && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [lines]);

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickiness;
  };

  return (
    <dialog
      ref={dialog}
      className="log-viewer"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onClose={onClose}
    >
      <header className="log-viewer-head">
        <div>
          <h2 id={titleId}>{t('app.agents.logs.title', { agent: label })}</h2>
          <p id={hintId} className="log-viewer-hint">
            {t('app.agents.logs.hint')}
          </p>
        </div>
        <button
          type="button"
          className="log-viewer-close"
          aria-label={t('app.agents.logs.close')}
          onClick={() => dialog.current?.close()}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      {failure !== undefined && (
        <p className="log-viewer-failure" role="alert">
          {t('app.agents.logs.failed', { message: failure })}
        </p>
      )}
      <div
        ref={log}
        className="log-lines"
        role="log"
        aria-labelledby={titleId}
        tabIndex={0}
        onScroll={onScroll}
      >
        {lines === undefined && failure === undefined && (
          <p className="log-viewer-note">{t('app.agents.logs.loading')}</p>
        )}
        {lines?.length === 0 && <p className="log-viewer-note">{t('app.agents.logs.empty')}</p>}
        {lines?.map((line, index) => (
          <div key={index} className="log-line">
            {line}
          </div>
        ))}
      </div>
    </dialog>
  );
}
