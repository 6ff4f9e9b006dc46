import type { GraphEdge } from '../../../machines/statechartGraph.ts';
import { internalLine, metrics, type Box, type ChartWords } from './chartLayout.ts';

export interface StateBoxProps {
  id: string;
  title: string;
  box: Box;
  kind: 'machine' | 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** It has children: its title goes in a band at the top, not in the middle. */
  container: boolean;
  active: boolean;
  /** Its transitions without a target, one line each. */
  internal: readonly GraphEdge[];
  taken: ReadonlySet<string>;
  words: ChartWords;
}

/** One state of the chart: a rounded box, its name, its internal transitions; lit when active. */
export function StateBox(props: StateBoxProps) {
  const { id, title, box, kind, container, active, internal, taken, words } = props;
  const titleY = box.y + metrics.titleHeight / 2 + metrics.stateFont * 0.35;
  const x = container ? box.x + metrics.padding : box.x + box.width / 2;
  return (
    <g
      className={`chart-state chart-${kind}`}
      data-node-id={id}
      data-active={active ? 'true' : undefined}
    >
      <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={8} ry={8} />
      {kind === 'final' && (
        <rect
          className="chart-final-inner"
          x={box.x + 4}
          y={box.y + 4}
          width={box.width - 8}
          height={box.height - 8}
          rx={5}
          ry={5}
        />
      )}
      <text
        className="chart-state-title"
        x={x}
        y={titleY}
        textAnchor={container ? 'start' : 'middle'}
      >
        {title}
      </text>
      {internal.map((edge, index) => (
        <text
          key={edge.id}
          className="chart-internal"
          data-edge-id={edge.id}
          data-taken={taken.has(edge.id) ? 'true' : undefined}
          x={x}
          y={box.y + metrics.titleHeight + index * metrics.lineHeight + metrics.labelFont * 0.7}
          textAnchor={container ? 'start' : 'middle'}
        >
          {internalLine(edge, words)}
        </text>
      ))}
    </g>
  );
}
