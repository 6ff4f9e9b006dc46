import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { statesAt } from './inspectorModel.ts';
import { useActorName } from './useActorName.ts';
import { useTimeFormat } from './useTimeFormat.ts';

export interface RecordDetailsProps {
  records: readonly InspectionRecord[];
  record: InspectionRecord | undefined;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The selected record: its event's payload, and its actor's snapshot and context at that point. */
export function RecordDetails({ records, record }: RecordDetailsProps) {
  const t = useT();
  const nameOf = useActorName();
  const time = useTimeFormat();
  if (!record) {
    return <p className="inspector-details inspector-placeholder">{t('inspector.details.none')}</p>;
  }
  const [state] = statesAt(records, record.actor, record.seq);
  return (
    <div className="inspector-details" aria-label={t('inspector.details.label')} role="region">
      <h3>
        {t('inspector.details.title', {
          seq: record.seq,
          time: time(record.at),
          actor: nameOf(record.actor),
          event: record.event,
        })}
      </h3>
      {record.payload !== undefined && (
        <>
          <h4>{t('inspector.details.payload')}</h4>
          <pre>{json(record.payload)}</pre>
        </>
      )}
      <h4>{t('inspector.details.snapshot')}</h4>
      {state ? (
        <pre>{json({ value: state.value, status: state.status, context: state.context })}</pre>
      ) : (
        <p>{t('inspector.details.noSnapshot')}</p>
      )}
    </div>
  );
}
