import { useCallback, useMemo, useState } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { ActorList } from './ActorList.tsx';
import { ChartPanel } from './ChartPanel.tsx';
import { EventLog } from './EventLog.tsx';
import { actorsOf } from './inspectorModel.ts';
import { useInspection } from './useInspection.ts';

/**
 * What one target's inspector shows: its actors, the chosen one's chart, and the log. Selecting a
 * record of the log travels back to it: the chart shows its actor as it was then, until "back to
 * live".
 */
export function InspectorView({ target }: { target: string }) {
  const t = useT();
  const { records, error } = useInspection(target);
  const actors = useMemo(() => actorsOf(records), [records]);
  const [chosen, setChosen] = useState<string>();
  const [selectedSeq, setSelectedSeq] = useState<number>();
  const actor = actors.find((summary) => summary.actor === chosen) ?? actors[0];
  // A record trimmed from the bounded history is no longer a point to travel to.
  const selected = records.find((record) => record.seq === selectedSeq);

  const choose = (name: string) => {
    setChosen(name);
    setSelectedSeq(undefined);
  };
  // The same function from render to render: the log's entries are memoized.
  const select = useCallback((record: InspectionRecord) => {
    setSelectedSeq(record.seq);
    setChosen(record.actor);
  }, []);

  return (
    <div className="inspector-view">
      <ActorList actors={actors} current={actor?.actor} onChoose={choose} />
      {actor ? (
        <ChartPanel
          records={records}
          actor={actor}
          selected={selected}
          onLive={() => setSelectedSeq(undefined)}
        />
      ) : (
        <p className="inspector-placeholder inspector-chart-panel" role="status">
          {error ?? t('inspector.waiting')}
        </p>
      )}
      <EventLog records={records} actors={actors} selected={selected} onSelect={select} />
    </div>
  );
}
