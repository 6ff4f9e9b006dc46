import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n.tsx';
import { ConfirmOpen } from './ConfirmOpen.tsx';
import { FolderBrowser } from './FolderBrowser.tsx';
import { splitPath } from './paths.ts';
import { useOpenFile } from './useOpenFile.ts';

/**
 * The Open… dialog (CONTRACT.md §3: the PWA's `ConfigService.Choose()`): browse the host's
 * folders, choose a YAML file, confirm, and `ConfigService.Open(path)`. Given `path` (a recent
 * file), it starts at the confirmation. Escape or ✕ closes it.
 */
export function OpenDialog({
  path,
  dirty,
  onClose,
}: {
  /** A file already chosen: only confirm it. */
  path?: string;
  dirty: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [dir, setDir] = useState('');
  const [chosen, setChosen] = useState(path);
  const { opening, error, open } = useOpenFile();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();
  const confirm = async (file: string) => {
    if (await open(file)) close();
  };

  return (
    <dialog
      ref={dialog}
      className="open-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => opening && event.preventDefault()}
    >
      <header className="dialog-head">
        <h2 id={titleId}>
          {chosen === undefined
            ? t('settings.open.title')
            : t('settings.open.confirmTitle', { name: splitPath(chosen).name })}
        </h2>
        <button
          type="button"
          className="dialog-close"
          aria-label={t('settings.open.close')}
          disabled={opening}
          onClick={close}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </header>
      {chosen === undefined ? (
        <>
          <FolderBrowser dir={dir} onNavigate={setDir} onChoose={setChosen} />
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              {t('settings.open.cancel')}
            </button>
          </div>
        </>
      ) : (
        <ConfirmOpen
          path={chosen}
          dirty={dirty}
          opening={opening}
          error={error?.path === chosen ? error.message : undefined}
          onBack={() => (path === undefined ? setChosen(undefined) : close())}
          onConfirm={() => void confirm(chosen)}
        />
      )}
    </dialog>
  );
}
