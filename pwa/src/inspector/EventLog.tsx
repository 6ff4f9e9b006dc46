import { useId, useMemo, useState } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { filterRecords, noFilter, type ActorSummary, type LogFilter } from './inspectorModel.ts';
import { LogFilters } from './LogFilters.tsx';
import { LogList } from './LogList.tsx';
import { RecordDetails } from './RecordDetails.tsx';

export interface EventLogProps {
  records: readonly InspectionRecord[];
  actors: readonly ActorSummary[];
  selected: InspectionRecord | undefined;
  onSelect: (record: InspectionRecord) => void;
}

/** Every record of the target, newest first, filtered; the selected one's snapshot below. */
export function EventLog({ records, actors, selected, onSelect }: EventLogProps) {
  const t = useT();
  const titleId = useId();
  const [filter, setFilter] = useState<LogFilter>(noFilter);
  const shown = useMemo(() => filterRecords(records, filter).reverse(), [records, filter]);
  const events = useMemo(
    () => [...new Set(records.map((record) => record.event))].sort(),
    [records],
  );
  return (
    <section className="inspector-log" aria-labelledby={titleId}>
      <div className="inspector-log-head">
        <h2 id={titleId}>{t('inspector.log.title')}</h2>
        <span className="inspector-log-count">
          {t('inspector.log.count', { shown: shown.length, total: records.length })}
        </span>
      </div>
      <LogFilters actors={actors} events={events} filter={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <p className="inspector-placeholder">
          {t(records.length === 0 ? 'inspector.log.none' : 'inspector.log.empty')}
        </p>
      ) : (
        <LogList records={shown} selected={selected} onSelect={onSelect} />
      )}
      <RecordDetails records={records} record={selected} />
    </section>
  );
}
