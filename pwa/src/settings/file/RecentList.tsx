import { useT } from '../../i18n.tsx';
import { splitPath } from './paths.ts';

/** The configuration files opened from the app, most recent first, each one openable. */
export function RecentList({
  files,
  current,
  onOpen,
}: {
  files: readonly string[] | undefined;
  /** The file in use, marked rather than offered. */
  current: string | undefined;
  onOpen: (path: string) => void;
}) {
  const t = useT();
  if (files === undefined) return null;
  if (files.length === 0) return <p className="settings-hint">{t('settings.recent.empty')}</p>;
  return (
    <ul className="recent-list">
      {files.map((file) => {
        const { folder, name } = splitPath(file);
        const inUse = file === current;
        return (
          <li key={file} className="recent-file">
            <span className="recent-file-text">
              <span className="recent-file-name">{name}</span>
              <span className="recent-file-folder">{folder}</span>
            </span>
            {inUse ? (
              <span className="recent-file-current">{t('settings.recent.current')}</span>
            ) : (
              <button
                type="button"
                aria-label={t('settings.recent.openLabel', { path: file })}
                onClick={() => onOpen(file)}
              >
                {t('settings.recent.open')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
