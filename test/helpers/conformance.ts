import type { AnyStateMachine } from 'xstate';
import { topLevelTransitions } from '../../machines/topLevelTransitions.ts';
import type { Chart } from '../../statecharts/types.ts';

const key = (row: { from: string; event: string; to: string }) =>
  `${row.from} --${row.event}--> ${row.to}`;

/** A chart's rows, one per `from` state and machine event, as `from --event--> to`. */
export function tableRows(chart: Chart): string[] {
  return chart.transitions.flatMap((row) =>
    row.from.flatMap((from) => row.machineEvents.map((event) => key({ from, event, to: row.to }))),
  );
}

/** A machine's transitions between top-level states, as `from --event--> to`. */
export function machineRows(machine: AnyStateMachine): string[] {
  return topLevelTransitions(machine).map(key);
}

/** What one side has that the other lacks: both empty when the machine mirrors the chart. */
export function mismatches(chart: Chart, machine: AnyStateMachine) {
  const table = tableRows(chart);
  const actual = machineRows(machine);
  return {
    notInTable: actual.filter((row) => !table.includes(row)),
    notInMachine: table.filter((row) => !actual.includes(row)),
  };
}
