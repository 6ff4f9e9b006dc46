/**
 * The drawing of a statechart, independent of who computes it: boxes for the machine and its
 * states, a route per transition target, a dot per initial state. Coordinates are absolute, in
 * the SVG's user units. `elkLayout` computes it in the app; `gridLayout` is its plain fallback.
 */
import type { GraphEdge, GraphNode, StatechartGraph } from '../../../machines/statechartGraph.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/** One arrow: a transition to one of its targets. */
export interface Route {
  /** Unique: `<edge id>#<target index>`. */
  id: string;
  /** The `GraphEdge` it draws. */
  edge: string;
  points: Point[];
  /** Where its label goes (the first target's route only). */
  label: Box | undefined;
}

/** The initial state of a compound state (or of the machine), marked by a dot and an arrow. */
export interface InitialMark {
  /** The initial state's id. */
  target: string;
  dot: Point;
  points: Point[];
}

export interface ChartLayout {
  width: number;
  height: number;
  /** The machine's box (under `graph.id`) and every state's, by id. */
  boxes: Readonly<Record<string, Box>>;
  routes: Route[];
  initials: InitialMark[];
}

/** The words of a chart in the app's language: the transitions' labels. */
export interface ChartWords {
  /** The language: a layout holds for one set of words. */
  key: string;
  /** A transition's label, a line each: the event (or its delay), then `[guard]`. */
  lines: (edge: GraphEdge) => string[];
}

/** Computes a layout; the app's is `elkLayout`, a test may give a simpler one. */
export type ChartLayoutFunction = (
  graph: StatechartGraph,
  words: ChartWords,
) => Promise<ChartLayout>;

/** The chart's type sizes, shared by the layout (to size boxes) and the drawing. */
export const metrics = {
  stateFont: 14,
  labelFont: 12,
  lineHeight: 18,
  /** The title band of a box, above its children or its internal transitions. */
  titleHeight: 30,
  padding: 12,
  dot: 10,
};

/** An estimate of a text's width: the chart's fonts are monospace (0.6 em per character). */
const textWidth = (text: string, font: number): number => Math.ceil(text.length * font * 0.62);

/** The transitions without a target, written inside their state's box (one line each). */
export function internalEdges(graph: StatechartGraph, node: string): GraphEdge[] {
  return graph.edges.filter((edge) => edge.source === node && edge.targets.length === 0);
}

/** The text of an internal transition's line. */
export const internalLine = (edge: GraphEdge, words: ChartWords): string =>
  words.lines(edge).join(' ');

/** The box size of a state without children, and the top band of one with children. */
export function stateSize(
  graph: StatechartGraph,
  node: GraphNode | undefined,
  id: string,
  words: ChartWords,
) {
  const title = node?.key ?? graph.id;
  const lines = internalEdges(graph, id).map((edge) => internalLine(edge, words));
  const width = Math.max(
    80,
    textWidth(title, metrics.stateFont) + 2 * metrics.padding,
    ...lines.map((line) => textWidth(line, metrics.labelFont) + 2 * metrics.padding),
  );
  const band = metrics.titleHeight + lines.length * metrics.lineHeight;
  return { width, height: band + (lines.length > 0 ? 6 : 10), band };
}

/** The size of a transition's label. */
export function labelSize(edge: GraphEdge, words: ChartWords): { width: number; height: number } {
  const lines = words.lines(edge);
  return {
    width: Math.max(...lines.map((line) => textWidth(line, metrics.labelFont))) + 6,
    height: lines.length * metrics.lineHeight,
  };
}

/** The nodes with children: drawn as boxes around them. */
export function parentsOf(graph: StatechartGraph): Set<string> {
  return new Set(graph.nodes.flatMap((node) => (node.parent ? [node.parent] : [])));
}

/** The SVG path `M x y L x y …` through the points. */
export const pathOf = (points: readonly Point[]): string =>
  points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
