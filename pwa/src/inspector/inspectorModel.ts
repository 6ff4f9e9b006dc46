/**
 * What the inspector shows, from the records alone: the actors and where each one is, the state
 * an actor was in at a given record, and the log's filters. Pure functions, tested through the
 * screen.
 */
import type { AnyStateMachine } from 'xstate';
import { acpSessionMachine } from '../../../machines/acpSessionMachine.ts';
import { agentLifecycleMachine } from '../../../machines/agentLifecycleMachine.ts';
import { connectionMachine } from '../../../machines/connectionMachine.ts';
import {
  activeNodeIds,
  edgesTaken,
  statechartGraph,
  type StatechartGraph,
} from '../../../machines/statechartGraph.ts';
import { turnMachine } from '../../../machines/turnMachine.ts';
import type { InspectedMachine, InspectionRecord, StateValue } from '../../../schema/inspector.ts';

const machines: Record<InspectedMachine, AnyStateMachine> = {
  'agent-lifecycle': agentLifecycleMachine,
  'conversation-turn': turnMachine,
  'acp-session': acpSessionMachine,
  connection: connectionMachine,
};

const graphs = new Map<InspectedMachine, StatechartGraph>();

/** The graph of an inspected machine's definition, built once. */
export function graphOf(machine: InspectedMachine): StatechartGraph {
  let graph = graphs.get(machine);
  if (!graph) {
    graph = statechartGraph(machines[machine]);
    graphs.set(machine, graph);
  }
  return graph;
}

/** One live actor of the records: its machine and its last state record. */
export interface ActorSummary {
  actor: string;
  machine: InspectedMachine;
  /** The last record with a state value (`snapshot` or `actor`), if any yet. */
  state: InspectionRecord | undefined;
  /** The seq of its first record: turns are listed newest first. */
  since: number;
}

const isTurn = (actor: string) => actor.startsWith('turn:');

/** The distinct actors of `records` (oldest first): the others in order, then turns newest first. */
export function actorsOf(records: readonly InspectionRecord[]): ActorSummary[] {
  const actors = new Map<string, ActorSummary>();
  for (const record of records) {
    let summary = actors.get(record.actor);
    if (!summary) {
      summary = {
        actor: record.actor,
        machine: record.machine,
        state: undefined,
        since: record.seq,
      };
      actors.set(record.actor, summary);
    }
    if (record.value !== undefined) summary.state = record;
  }
  const all = [...actors.values()];
  return [
    ...all.filter((summary) => !isTurn(summary.actor)),
    ...all.filter((summary) => isTurn(summary.actor)).sort((a, b) => b.since - a.since),
  ];
}

/** A state value as people read it: `ready.running`; parallel regions joined by `, `. */
export function stateText(value: StateValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, inner]) => {
      const rest = stateText(inner);
      return rest ? `${key}.${rest}` : key;
    })
    .join(', ');
}

/**
 * The last two state records (`snapshot` or `actor`) of `actor` up to the record `upTo` (its
 * seq; all of them when undefined): where it was then, and where it was before.
 */
export function statesAt(
  records: readonly InspectionRecord[],
  actor: string,
  upTo: number | undefined,
): [InspectionRecord | undefined, InspectionRecord | undefined] {
  let state: InspectionRecord | undefined;
  let previous: InspectionRecord | undefined;
  for (const record of records) {
    if (upTo !== undefined && record.seq > upTo) break;
    if (record.actor !== actor || record.value === undefined) continue;
    previous = state;
    state = record;
  }
  return [state, previous];
}

/** Where an actor was at a record: the state lit and the transition that led there. */
export interface ChartPoint {
  /** The actor's last state record at or before that point. */
  state: InspectionRecord | undefined;
  active: ReadonlySet<string>;
  /** The ids of the edges its last event took (from the previous state record). */
  taken: ReadonlySet<string>;
}

/** The point of `actor` after the record `upTo` (its seq; all of them when undefined). */
export function chartPoint(
  graph: StatechartGraph,
  records: readonly InspectionRecord[],
  actor: string,
  upTo: number | undefined,
): ChartPoint {
  const [state, previous] = statesAt(records, actor, upTo);
  const active = state?.value !== undefined ? activeNodeIds(graph, state.value) : new Set<string>();
  const taken =
    state?.kind === 'snapshot' && previous?.value !== undefined
      ? new Set(edgesTaken(graph, previous.value, state.event).map((edge) => edge.id))
      : new Set<string>();
  return { state, active, taken };
}

export type KindFilter = InspectionRecord['kind'] | '';

export interface LogFilter {
  /** `''`: every actor. */
  actor: string;
  kind: KindFilter;
  /** A part of the event type, any case; `''`: every event. */
  event: string;
}

export const noFilter: LogFilter = { actor: '', kind: '', event: '' };

/** The records the filter keeps, in their order. */
export function filterRecords(
  records: readonly InspectionRecord[],
  filter: LogFilter,
): InspectionRecord[] {
  const text = filter.event.trim().toLowerCase();
  return records.filter(
    (record) =>
      (filter.actor === '' || record.actor === filter.actor) &&
      (filter.kind === '' || record.kind === filter.kind) &&
      (text === '' || record.event.toLowerCase().includes(text)),
  );
}
