import type { GraphEdge } from '../../../machines/statechartGraph.ts';
import { metrics, pathOf, type Route } from './chartLayout.ts';

export interface TransitionArrowProps {
  route: Route;
  edge: GraphEdge;
  taken: boolean;
  /** Its label, a line each. */
  lines: readonly string[];
  /** The id of the arrowhead marker (`-taken` appended for a taken transition). */
  marker: string;
}

/** One transition to one target: an arrow, and its event and guard on the first target's. */
export function TransitionArrow({ route, edge, taken, lines, marker }: TransitionArrowProps) {
  const { label } = route;
  return (
    <g className="chart-transition" data-edge-id={edge.id} data-taken={taken ? 'true' : undefined}>
      <path d={pathOf(route.points)} markerEnd={`url(#${marker}${taken ? '-taken' : ''})`} />
      {label && (
        <>
          <rect
            className="chart-label-bg"
            x={label.x}
            y={label.y}
            width={label.width}
            height={label.height}
            rx={3}
          />
          <text className="chart-label" x={label.x + 3} y={label.y}>
            {lines.map((line, index) => (
              <tspan
                key={index}
                x={label.x + 3}
                dy={index === 0 ? metrics.labelFont : metrics.lineHeight}
              >
                {line}
              </tspan>
            ))}
          </text>
        </>
      )}
    </g>
  );
}
