import { useContext, useEffect, useState } from 'react';
import type { StatechartGraph } from '../../../machines/statechartGraph.ts';
import type { ChartLayout, ChartWords } from './chartLayout.ts';
import { ChartLayoutContext } from './ChartLayoutContext.ts';
import { gridLayout } from './gridLayout.ts';

/** The layout of `graph` once computed (`undefined` meanwhile); a plain grid if the layout fails. */
export function useChartLayout(graph: StatechartGraph, words: ChartWords): ChartLayout | undefined {
  const layoutOf = useContext(ChartLayoutContext);
  const [done, setDone] = useState<{
    graph: StatechartGraph;
    words: ChartWords;
    layout: ChartLayout;
  }>();
  useEffect(() => {
    let current = true;
    layoutOf(graph, words)
      .catch((error: unknown) => {
        console.error('The chart could not be laid out; drawn as a plain grid.', error);
        return gridLayout(graph, words);
      })
      .then((layout) => {
        if (current) setDone({ graph, words, layout });
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [graph, words, layoutOf]);
  return done?.graph === graph && done.words === words ? done.layout : undefined;
}
