import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { GraphEdge } from '../../../machines/statechartGraph.ts';
import { useT } from '../i18n.tsx';
import type { ChartWords } from './chartLayout.ts';

const afterPrefix = 'xstate.after.';

/** The chart's words in the app's language: `after 5,000 ms`, `always`, the guards in brackets. */
export function useChartWords(): ChartWords {
  const t = useT();
  const { locale } = useIntl();
  return useMemo(() => {
    const event = (edge: GraphEdge): string => {
      if (edge.event === '') return t('inspector.edge.always');
      // XState names a delayed transition's event `xstate.after.<delay>.<state id>`.
      if (!edge.event.startsWith(afterPrefix)) return edge.label;
      const delay = edge.event.slice(afterPrefix.length).split('.')[0] ?? '';
      return /^\d+$/.test(delay)
        ? t('inspector.edge.afterMs', { ms: Number(delay) })
        : t('inspector.edge.after', { delay });
    };
    return {
      key: locale,
      lines: (edge) =>
        edge.guard === undefined ? [event(edge)] : [event(edge), `[${edge.guard}]`],
    };
  }, [t, locale]);
}
