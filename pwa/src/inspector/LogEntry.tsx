import { memo } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { useActorName } from './useActorName.ts';
import { useTimeFormat } from './useTimeFormat.ts';

export interface LogEntryProps {
  record: InspectionRecord;
  selected: boolean;
  /** The list's one tab stop. */
  tabbable: boolean;
  onSelect: (record: InspectionRecord) => void;
}

/** One record of the log: its event type and kind, then its time and actor. */
export const LogEntry = memo(function LogEntry({
  record,
  selected,
  tabbable,
  onSelect,
}: LogEntryProps) {
  const t = useT();
  const nameOf = useActorName();
  const time = useTimeFormat();
  return (
    <li
      className="inspector-entry"
      data-kind={record.kind}
      role="option"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-seq={record.seq}
      onClick={() => onSelect(record)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(record);
        }
      }}
    >
      <code className="inspector-entry-event">{record.event}</code>
      <span className="inspector-entry-kind">{t(`inspector.kind.${record.kind}`)}</span>
      <span className="inspector-entry-meta">
        <time dateTime={new Date(record.at).toISOString()}>{time(record.at)}</time>
        {' · '}
        <span className="inspector-entry-actor">{nameOf(record.actor)}</span>
      </span>
    </li>
  );
});
