import { useId, useState } from 'react';
import { useHost } from '../../connection/useHost.ts';
import { useT } from '../../i18n.tsx';
import { OpenDialog } from './OpenDialog.tsx';
import { RecentList } from './RecentList.tsx';
import { useRecent } from './useRecent.ts';

/** The dialog's state: closed, browsing, or confirming a file chosen from the recent ones. */
type Dialog = { kind: 'closed' } | { kind: 'browse' } | { kind: 'recent'; path: string };

/**
 * The configuration file in use: its path, where that came from (CONTRACT.md §1: `--config`,
 * `SWITCHBOARD_CONFIG`, the last file opened here, the default place), whether it holds errors;
 * Open… and the recent files to use another one.
 */
export function ConfigFileSection({ dirty }: { dirty: boolean }) {
  const t = useT();
  const titleId = useId();
  const recentId = useId();
  const config = useHost((state) => state.config);
  const recent = useRecent(config?.path);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });

  return (
    <section className="settings-card config-file" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('settings.file.title')}</h2>
      {config === undefined ? (
        <p className="settings-hint">{t('settings.file.loading')}</p>
      ) : (
        <>
          <p className="config-path">{config.path}</p>
          <p className="settings-hint">{t(`settings.file.source.${config.source}`)}</p>
          {config.created && <p className="settings-hint">{t('settings.file.created')}</p>}
          {!config.valid && (
            <p className="settings-notice settings-notice-danger">
              {t('settings.file.invalid', { errors: config.problems.length })}
            </p>
          )}
        </>
      )}
      <button type="button" onClick={() => setDialog({ kind: 'browse' })}>
        {t('settings.file.open')}
      </button>
      <h3 id={recentId}>{t('settings.recent.title')}</h3>
      <div role="group" aria-labelledby={recentId}>
        <RecentList
          files={recent}
          current={config?.path}
          onOpen={(path) => setDialog({ kind: 'recent', path })}
        />
      </div>
      {dialog.kind !== 'closed' && (
        <OpenDialog
          path={dialog.kind === 'recent' ? dialog.path : undefined}
          dirty={dirty}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </section>
  );
}
