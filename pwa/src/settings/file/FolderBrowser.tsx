import { useId } from 'react';
import { useT } from '../../i18n.tsx';
import { isYamlFile, joinPath } from './paths.ts';
import { useBrowse } from './useBrowse.ts';

/**
 * One folder of the host's disk: up to its parent, into a subfolder, or a `.yaml`/`.yml` file
 * chosen. Only folders and YAML files are listed (the host leaves the rest out).
 */
export function FolderBrowser({
  dir,
  onNavigate,
  onChoose,
}: {
  /** The folder to show; `''` for the current configuration's. */
  dir: string;
  onNavigate: (dir: string) => void;
  onChoose: (path: string) => void;
}) {
  const t = useT();
  const folderId = useId();
  const { folder, loading, error } = useBrowse(dir);
  const atRoot = !folder || folder.parent === folder.dir;
  const entries = folder?.entries.filter((entry) => entry.dir || isYamlFile(entry.name)) ?? [];

  return (
    <div className="folder-browser" aria-busy={loading}>
      <div className="folder-bar">
        <button
          type="button"
          disabled={atRoot || loading}
          onClick={() => folder && onNavigate(folder.parent)}
        >
          <span aria-hidden="true">↑ </span>
          {t('settings.browse.up')}
        </button>
        <p id={folderId} className="folder-path">
          {folder?.dir ?? t('settings.browse.loading')}
        </p>
      </div>
      {error !== undefined && (
        <p className="settings-notice settings-notice-danger" role="alert">
          {t('settings.browse.failed', { message: error })}
        </p>
      )}
      {folder && entries.length === 0 && (
        <p className="settings-hint">{t('settings.browse.empty')}</p>
      )}
      {entries.length > 0 && (
        <ul className="folder-entries" aria-labelledby={folderId}>
          {entries.map((entry) => {
            const path = joinPath(folder?.dir ?? '', entry.name);
            return (
              <li key={entry.name}>
                <button
                  type="button"
                  className={`folder-entry folder-entry-${entry.dir ? 'dir' : 'file'}`}
                  disabled={loading}
                  aria-label={t(entry.dir ? 'settings.browse.folder' : 'settings.browse.file', {
                    name: entry.name,
                  })}
                  onClick={() => (entry.dir ? onNavigate(path) : onChoose(path))}
                >
                  <span aria-hidden="true" className="folder-entry-icon">
                    {entry.dir ? '📁' : '📄'}
                  </span>
                  <span className="folder-entry-name">{entry.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
