import { useRef, type KeyboardEvent } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { LogEntry } from './LogEntry.tsx';

export interface LogListProps {
  /** The records shown, newest first. */
  records: readonly InspectionRecord[];
  selected: InspectionRecord | undefined;
  onSelect: (record: InspectionRecord) => void;
}

/**
 * The log as a listbox: one tab stop, the arrows (and Home, End) move through the records and
 * select them as they go, so the chart replays the actor's states.
 */
export function LogList({ records, selected, onSelect }: LogListProps) {
  const t = useT();
  const list = useRef<HTMLOListElement>(null);
  const current = records.findIndex((record) => record.seq === selected?.seq);

  const move = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: Math.max(0, current - 1),
      Home: 0,
      End: records.length - 1,
    };
    const index = keys[event.key];
    const record = index === undefined ? undefined : records[index];
    if (!record) return;
    event.preventDefault();
    onSelect(record);
    list.current?.querySelector<HTMLElement>(`[data-seq="${record.seq}"]`)?.focus();
  };

  return (
    <ol
      ref={list}
      className="inspector-log-list"
      role="listbox"
      aria-label={t('inspector.log.label')}
      onKeyDown={move}
    >
      {records.map((record, index) => (
        <LogEntry
          key={record.seq}
          record={record}
          selected={index === current}
          tabbable={index === Math.max(0, current)}
          onSelect={onSelect}
        />
      ))}
    </ol>
  );
}
