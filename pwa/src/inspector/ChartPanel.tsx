import { useMemo, useRef, useState } from 'react';
import type { InspectionRecord } from '../../../schema/inspector.ts';
import { useT } from '../i18n.tsx';
import { chartPoint, graphOf, stateText, type ActorSummary } from './inspectorModel.ts';
import { StatechartView } from './StatechartView.tsx';
import { useActorName } from './useActorName.ts';
import { useChartLayout } from './useChartLayout.ts';
import { useChartWords } from './useChartWords.ts';
import { useFitScale } from './useFitScale.ts';
import { useTimeFormat } from './useTimeFormat.ts';

export interface ChartPanelProps {
  records: readonly InspectionRecord[];
  actor: ActorSummary;
  /** A record of the log: the chart shows the actor as it was then instead of now. */
  selected: InspectionRecord | undefined;
  onLive: () => void;
}

/** The event of the records that say where an actor was when the inspector started watching. */
const watchEvent = 'inspector.watch';
const step = 1.25;
const clamp = (scale: number) => Math.min(4, Math.max(0.2, scale));
/** Below this scale a chart is not read, only glanced at: it opens zoomed in on its state. */
const readable = 0.75;

/** The chosen actor's machine, its state lit (now, or at the selected record), and the zoom. */
export function ChartPanel({ records, actor, selected, onLive }: ChartPanelProps) {
  const t = useT();
  const nameOf = useActorName();
  const time = useTimeFormat();
  const graph = graphOf(actor.machine);
  const words = useChartWords();
  const layout = useChartLayout(graph, words);
  const upTo = selected?.seq;
  const point = useMemo(
    () => chartPoint(graph, records, actor.actor, upTo),
    [graph, records, actor.actor, upTo],
  );
  const [chosenZoom, setZoom] = useState<'auto' | 'fit' | number>('auto');
  const box = useRef<HTMLDivElement>(null);
  const fitScale = useFitScale(box, layout);
  const zoom =
    chosenZoom !== 'auto'
      ? chosenZoom
      : fitScale === undefined || fitScale >= readable
        ? 'fit'
        : 0.9;
  const name = nameOf(actor.actor);
  const state = stateText(point.state?.value);

  // From "fit", zooming starts at the scale the chart is shown at.
  const scale = () => (zoom !== 'fit' ? zoom : (fitScale ?? 1));

  return (
    <section
      className="inspector-chart-panel"
      aria-label={t('inspector.chart.title', { actor: name })}
    >
      <div className="inspector-chart-bar">
        <p className="inspector-chart-status">
          <strong>{name}</strong>{' '}
          <span className="inspector-chart-state">
            {state ? t('inspector.chart.state', { state }) : t('inspector.actor.noState')}
          </span>{' '}
          {point.state?.event === watchEvent ? (
            <span className="inspector-chart-found">{t('inspector.chart.found')}</span>
          ) : (
            point.state && (
              <span className="inspector-chart-event">
                {t('inspector.chart.lastEvent', { event: point.state.event })}
              </span>
            )
          )}
        </p>
        {selected ? (
          <p className="inspector-travel">
            <span>{t('inspector.chart.past', { seq: selected.seq, time: time(selected.at) })}</span>
            <button type="button" className="primary" onClick={onLive}>
              {t('inspector.chart.backToLive')}
            </button>
          </p>
        ) : (
          <p className="inspector-live">{t('inspector.chart.live')}</p>
        )}
        <div className="inspector-zoom" role="group" aria-label={t('inspector.zoom.label')}>
          <button
            type="button"
            aria-label={t('inspector.zoom.out')}
            onClick={() => setZoom(clamp(scale() / step))}
          >
            −
          </button>
          <button type="button" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
            {t('inspector.zoom.fit')}
          </button>
          <button
            type="button"
            aria-label={t('inspector.zoom.in')}
            onClick={() => setZoom(clamp(scale() * step))}
          >
            +
          </button>
        </div>
      </div>
      <div
        ref={box}
        className={zoom === 'fit' ? 'inspector-chart inspector-chart-fit' : 'inspector-chart'}
        // Zoomed in, the chart scrolls: the keyboard may scroll it too.
        tabIndex={zoom === 'fit' ? undefined : 0}
      >
        {layout ? (
          <StatechartView
            graph={graph}
            layout={layout}
            active={point.active}
            taken={point.taken}
            zoom={zoom}
            words={words}
            label={t('inspector.chart.label', {
              machine: graph.id,
              state: state || t('inspector.actor.noState'),
            })}
          />
        ) : (
          <p className="inspector-placeholder">{t('inspector.chart.loading')}</p>
        )}
      </div>
    </section>
  );
}
