import { useId } from 'react';
import type { MeshLogEntry } from '../../../schema/mesh.ts';
import { useT } from '../i18n.tsx';
import { entryKey } from '../../../machines/meshFold.ts';
import { MessageEntry } from './MessageEntry.tsx';

/** The messages this machine's agents sent and received, newest first. */
export function MessageLog({ log }: { log: readonly MeshLogEntry[] }) {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  return (
    <section className="mesh-section mesh-log" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mesh.log.title')}</h2>
      <p id={hintId} className="mesh-note">
        {log.length === 0 ? t('mesh.log.empty') : t('mesh.log.hint')}
      </p>
      {log.length > 0 && (
        <ol className="mesh-entries" aria-labelledby={headingId} aria-describedby={hintId}>
          {log.toReversed().map((entry) => (
            <MessageEntry key={entryKey(entry)} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
