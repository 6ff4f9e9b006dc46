/**
 * The app's layout of a statechart: ELK's layered algorithm over the whole hierarchy at once
 * (`INCLUDE_CHILDREN`), so that a transition between states of different parents is routed too.
 * ELK (1.5 MB) is loaded on the first layout; a machine's layout is computed once.
 */
import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api.js';
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
  type Point,
  type Route,
} from './chartLayout.ts';

const top = '@top';
const initialOf = (parent: string) => `${parent}@initial`;

/** Spacing, set on every compound state: ELK reads it from the graph each box holds. */
const spacing: Record<string, string> = {
  'elk.spacing.nodeNode': '16',
  'elk.spacing.edgeNode': '8',
  'elk.spacing.edgeEdge': '6',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.labelLabel': '3',
  'elk.layered.spacing.nodeNodeBetweenLayers': '20',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
};

const options: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  // The states in the order the machine declares them, where the layering allows.
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.padding': '[top=8,left=8,bottom=8,right=8]',
  ...spacing,
};

/** The ELK graph of a statechart: the machine as the one box holding every state. */
function elkGraph(graph: StatechartGraph, words: ChartWords): ElkNode {
  const parents = parentsOf(graph);
  const edges: ElkExtendedEdge[] = [];
  const nodeOf = (id: string): ElkNode => {
    const node = graph.nodes.find((candidate) => candidate.id === id);
    const size = stateSize(graph, node, id, words);
    if (node && !parents.has(id)) return { id, width: size.width, height: size.height };
    const children = graph.nodes.filter((child) => (child.parent ?? graph.id) === id);
    const initial = children.find((child) => child.initial);
    const elkChildren = children.map((child) => nodeOf(child.id));
    if (initial && node?.type !== 'parallel') {
      elkChildren.unshift({ id: initialOf(id), width: metrics.dot, height: metrics.dot });
      edges.push({ id: initialOf(id), sources: [initialOf(id)], targets: [initial.id] });
    }
    return {
      id,
      layoutOptions: {
        ...spacing,
        'elk.padding': `[top=${size.band + 4},left=${metrics.padding},bottom=${metrics.padding},right=${metrics.padding}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${size.width}, ${size.band + 20})`,
      },
      children: elkChildren,
    };
  };
  const machine = nodeOf(graph.id);
  for (const edge of graph.edges) {
    edge.targets.forEach((target, index) => {
      edges.push({
        id: `${edge.id}#${index}`,
        sources: [edge.source],
        targets: [target],
        labels:
          index === 0
            ? [{ id: `${edge.id}#label`, text: edge.label, ...labelSize(edge, words) }]
            : [],
      });
    });
  }
  return { id: top, layoutOptions: options, children: [machine], edges };
}

/** ELK's answer in absolute coordinates, as the drawing wants it. */
function fromElk(graph: StatechartGraph, laid: ElkNode): ChartLayout {
  const origins = new Map<string, Point>([[top, { x: 0, y: 0 }]]);
  const boxes: Record<string, Box> = {};
  const dots = new Map<string, Point>();
  const visit = (node: ElkNode, origin: Point) => {
    for (const child of node.children ?? []) {
      const x = origin.x + (child.x ?? 0);
      const y = origin.y + (child.y ?? 0);
      origins.set(child.id, { x, y });
      const width = child.width ?? 0;
      const height = child.height ?? 0;
      if (child.id.endsWith('@initial'))
        dots.set(child.id, { x: x + width / 2, y: y + height / 2 });
      else boxes[child.id] = { x, y, width, height };
      visit(child, { x, y });
    }
  };
  visit(laid, { x: 0, y: 0 });

  const routes: Route[] = [];
  const initials: InitialMark[] = [];
  const known = new Set(graph.edges.map((edge) => edge.id));
  for (const edge of laid.edges ?? []) {
    const origin = origins.get((edge as { container?: string }).container ?? top) ?? { x: 0, y: 0 };
    const shift = (point: ElkPoint): Point => ({ x: origin.x + point.x, y: origin.y + point.y });
    const points = (edge.sections ?? []).flatMap((section) => [
      shift(section.startPoint),
      ...(section.bendPoints ?? []).map(shift),
      shift(section.endPoint),
    ]);
    const dot = dots.get(edge.id);
    if (dot) {
      initials.push({ target: edge.targets[0] ?? '', dot, points });
      continue;
    }
    const label = edge.labels?.[0];
    const graphEdge = edge.id.slice(0, edge.id.lastIndexOf('#'));
    if (!known.has(graphEdge)) continue;
    routes.push({
      id: edge.id,
      edge: graphEdge,
      points,
      label: label
        ? {
            ...shift({ x: label.x ?? 0, y: label.y ?? 0 }),
            width: label.width ?? 0,
            height: label.height ?? 0,
          }
        : undefined,
    });
  }
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, routes, initials };
}

let elk: Promise<{ layout: (graph: ElkNode) => Promise<ElkNode> }> | undefined;
const layouts = new WeakMap<StatechartGraph, Map<string, Promise<ChartLayout>>>();

/**
 * Lays out a statechart with ELK (layered, hierarchical); a graph is laid out once per language.
 */
export function elkLayout(graph: StatechartGraph, words: ChartWords): Promise<ChartLayout> {
  let known = layouts.get(graph);
  if (!known) layouts.set(graph, (known = new Map<string, Promise<ChartLayout>>()));
  let layout = known.get(words.key);
  if (!layout) {
    elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
    layout = elk
      .then((engine) => engine.layout(elkGraph(graph, words)))
      .then((laid) => fromElk(graph, laid));
    // A failed layout may be tried again.
    const cache = known;
    void layout.catch(() => cache.delete(words.key));
    known.set(words.key, layout);
  }
  return layout;
}
