import { useEffect, useRef } from 'react';
import { useT } from '../../i18n.tsx';

/**
 * The last step of Open…: what opening another configuration costs (every agent stops, the
 * conversations are forgotten, and the editor's unsaved changes are dropped), then Open.
 */
export function ConfirmOpen({
  path,
  dirty,
  opening,
  error,
  onBack,
  onConfirm,
}: {
  path: string;
  /** The editor has unsaved changes. */
  dirty: boolean;
  opening: boolean;
  error: string | undefined;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const back = useRef<HTMLButtonElement>(null);
  // The safe choice has the focus, so Enter does not stop the agents by accident.
  useEffect(() => back.current?.focus(), []);

  return (
    <div className="confirm-open">
      <p className="confirm-open-path">{path}</p>
      <p>{t('settings.open.consequences')}</p>
      {dirty && (
        <p className="settings-notice settings-notice-warn">{t('settings.open.unsaved')}</p>
      )}
      {error !== undefined && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {t('settings.open.failed', { message: error })}
        </p>
      )}
      <div className="dialog-actions">
        <button ref={back} type="button" disabled={opening} onClick={onBack}>
          {t('settings.open.back')}
        </button>
        <button type="button" className="danger" disabled={opening} onClick={onConfirm}>
          {opening ? t('settings.open.opening') : t('settings.open.confirm')}
        </button>
      </div>
    </div>
  );
}
