import type { StatechartGraph } from '../../../machines/statechartGraph.ts';
import {
  labelSize,
  metrics,
  parentsOf,
  stateSize,
  type Box,
  type ChartLayout,
  type ChartWords,
  type InitialMark,
  type Route,
} from './chartLayout.ts';

const gap = 24;

/**
 * A plain layout: each state's children stacked in a column, arrows drawn straight. What the
 * chart falls back to if ELK fails, and what component tests use (ELK is tested on its own).
 */
export function gridLayout(graph: StatechartGraph, words: ChartWords): Promise<ChartLayout> {
  const parents = parentsOf(graph);
  const boxes: Record<string, Box> = {};
  const place = (id: string, x: number, y: number): Box => {
    const node = graph.nodes.find((candidate) => candidate.id === id);
    const size = stateSize(graph, node, id, words);
    if (node && !parents.has(id)) return (boxes[id] = { x, y, ...size });
    let bottom = y + size.band + gap;
    let right = x + size.width;
    for (const child of graph.nodes.filter((candidate) => (candidate.parent ?? graph.id) === id)) {
      const box = place(child.id, x + metrics.padding + gap, bottom);
      bottom = box.y + box.height + gap;
      right = Math.max(right, box.x + box.width + metrics.padding);
    }
    return (boxes[id] = { x, y, width: right - x, height: bottom - y });
  };
  const root = place(graph.id, gap, gap);

  const routes: Route[] = graph.edges.flatMap((edge) =>
    edge.targets.map((target, index) => {
      const from = boxes[edge.source] ?? root;
      const to = boxes[target] ?? root;
      const start = { x: from.x + from.width / 2, y: from.y + from.height };
      const end = { x: to.x + to.width / 2, y: to.y };
      const label = {
        x: (start.x + end.x) / 2,
        y: (start.y + end.y) / 2,
        ...labelSize(edge, words),
      };
      return {
        id: `${edge.id}#${index}`,
        edge: edge.id,
        points: [start, end],
        label: index === 0 ? label : undefined,
      };
    }),
  );
  const initials: InitialMark[] = graph.nodes.flatMap((node) => {
    const box = boxes[node.id];
    if (!node.initial || !box) return [];
    const dot = { x: box.x - gap / 2, y: box.y + metrics.titleHeight / 2 };
    return [{ target: node.id, dot, points: [dot, { x: box.x, y: dot.y }] }];
  });
  return Promise.resolve({
    width: root.x + root.width + gap,
    height: root.y + root.height + gap,
    boxes,
    routes,
    initials,
  });
}
