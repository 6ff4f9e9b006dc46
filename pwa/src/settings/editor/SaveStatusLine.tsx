import { useT } from '../../i18n.tsx';
import type { SaveStatus } from './configText.ts';

/** What became of the last save, or that the text has unsaved changes; read out when it changes. */
export function SaveStatusLine({ status, dirty }: { status: SaveStatus; dirty: boolean }) {
  const t = useT();
  let line = '';
  let tone = '';
  switch (status.kind) {
    case 'saving':
      line = t('settings.save.saving');
      break;
    case 'saved':
      line = t('settings.save.saved', { time: status.at });
      tone = 'ok';
      break;
    case 'refused':
      line = t('settings.save.refused', { errors: status.errors });
      tone = 'danger';
      break;
    case 'failed':
      line = t('settings.save.failed', { message: status.message });
      tone = 'danger';
      break;
    case 'idle':
      line = dirty ? t('settings.save.unsaved') : '';
      break;
  }
  return (
    <p className={`save-status${tone ? ` save-status-${tone}` : ''}`} role="status">
      {line}
    </p>
  );
}
