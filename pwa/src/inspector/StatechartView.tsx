import { useEffect, useEffectEvent, useId, useRef } from 'react';
import type { StatechartGraph } from '../../../machines/statechartGraph.ts';
import {
  internalEdges,
  parentsOf,
  pathOf,
  type ChartLayout,
  type ChartWords,
} from './chartLayout.ts';
import { StateBox } from './StateBox.tsx';
import { TransitionArrow } from './TransitionArrow.tsx';

export interface StatechartViewProps {
  graph: StatechartGraph;
  layout: ChartLayout;
  active: ReadonlySet<string>;
  taken: ReadonlySet<string>;
  /** `fit`: the whole chart in its box; a number: that scale, scrolled. */
  zoom: 'fit' | number;
  /** What the chart says to a screen reader: the machine and its current state. */
  label: string;
  words: ChartWords;
}

/**
 * A machine drawn as a statechart: states inside their parents, transitions as arrows labelled
 * with their event and guard, a dot at each initial state; the active states lit and the last
 * transition highlighted.
 */
export function StatechartView(props: StatechartViewProps) {
  const { graph, layout, active, taken, zoom, label, words } = props;
  const marker = `arrow-${useId().replace(/:/g, '')}`;
  const svg = useRef<SVGSVGElement>(null);
  const parents = parentsOf(graph);
  const edges = new Map(graph.edges.map((edge) => [edge.id, edge]));
  const root = layout.boxes[graph.id];
  const fit = zoom === 'fit';
  const activeKey = [...active].join(' ');
  // The last transition drawn last, above the others.
  const routes = [...layout.routes].sort(
    (a, b) => Number(taken.has(a.edge)) - Number(taken.has(b.edge)),
  );

  // Zoomed in, the chart scrolls (its parent does): the current state in the middle.
  const leaf = graph.nodes.findLast((node) => active.has(node.id));
  const leafBox = leaf && layout.boxes[leaf.id];
  const centreLeaf = useEffectEvent(() => {
    const scroller = svg.current?.parentElement;
    if (typeof zoom !== 'number' || !leafBox || !scroller?.scrollTo) return;
    scroller.scrollTo({
      left: (leafBox.x + leafBox.width / 2) * zoom - scroller.clientWidth / 2,
      top: (leafBox.y + leafBox.height / 2) * zoom - scroller.clientHeight / 2,
    });
  });
  // Only when the state or the zoom changes (not the box): the user may scroll away meanwhile.
  useEffect(() => centreLeaf(), [zoom, activeKey]);

  return (
    <svg
      ref={svg}
      className="chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={fit ? '100%' : layout.width * zoom}
      height={fit ? '100%' : layout.height * zoom}
      preserveAspectRatio="xMidYMid meet"
      // Fitted, a small machine is not blown up past 1.25 times its size.
      style={fit ? { maxWidth: layout.width * 1.25, maxHeight: layout.height * 1.25 } : undefined}
    >
      <defs>
        {['', '-taken'].map((variant) => (
          <marker
            key={variant}
            id={`${marker}${variant}`}
            className={`chart-arrowhead${variant}`}
            viewBox="0 0 10 10"
            refX={9}
            refY={5}
            markerUnits="userSpaceOnUse"
            markerWidth={variant ? 13 : 10}
            markerHeight={variant ? 13 : 10}
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {root && (
        <StateBox
          id={graph.id}
          title={graph.id}
          box={root}
          kind="machine"
          container
          active={false}
          internal={internalEdges(graph, graph.id)}
          taken={taken}
          words={words}
        />
      )}
      {graph.nodes.map((node) => {
        const box = layout.boxes[node.id];
        return (
          box && (
            <StateBox
              key={node.id}
              id={node.id}
              title={node.key}
              box={box}
              kind={node.type}
              container={parents.has(node.id)}
              active={active.has(node.id)}
              internal={internalEdges(graph, node.id)}
              taken={taken}
              words={words}
            />
          )
        );
      })}
      {layout.initials.map((mark) => (
        <g key={mark.target} className="chart-initial" data-initial-of={mark.target}>
          <circle cx={mark.dot.x} cy={mark.dot.y} r={5} />
          <path d={pathOf(mark.points)} markerEnd={`url(#${marker})`} />
        </g>
      ))}
      {routes.map((route) => {
        const edge = edges.get(route.edge);
        return (
          edge && (
            <TransitionArrow
              key={route.id}
              route={route}
              edge={edge}
              taken={taken.has(edge.id)}
              lines={words.lines(edge)}
              marker={marker}
            />
          )
        );
      })}
    </svg>
  );
}
