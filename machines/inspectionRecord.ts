import type { InspectionEvent } from 'xstate';
import type {
  InspectedMachine,
  InspectionRecord,
  WorkerInspectionRecord,
} from '../schema/inspector.ts';

/** Whose inspection it is, and when it happened (the caller's clock: a machine reads none). */
export interface InspectedAt {
  actor: string;
  machine: InspectedMachine;
  at: number;
}

/** Where an actor stands, as a record carries it: its state value, its context, its status. */
export function snapshotFields(
  snapshot: unknown,
): Pick<InspectionRecord, 'value' | 'context' | 'status'> {
  const { value, context, status } = snapshot as {
    value?: InspectionRecord['value'];
    context?: unknown;
    status?: InspectionRecord['status'];
  };
  return { value, context, status };
}

/** An event's own fields, without `type`; `undefined` when it has none. */
function payloadOf(event: { type: string }): Record<string, unknown> | undefined {
  const payload: Record<string, unknown> = { ...event };
  delete payload.type;
  return Object.keys(payload).length > 0 ? payload : undefined;
}

/**
 * An XState inspection event as the inspector records it (docs/inspector.md), before its `seq`
 * is stamped: the same for the actors of an agent's worker and for the app's own connection
 * actor. `undefined` for what the inspector does not show (microsteps, actions).
 * @example
 * actor.system.inspect((inspection) => {
 *   const record = inspectionRecord(inspection, { actor: 'lifecycle', machine: 'agent-lifecycle', at: Date.now() });
 *   if (record) send(record);
 * });
 */
export function inspectionRecord(
  inspection: InspectionEvent,
  { actor, machine, at }: InspectedAt,
): WorkerInspectionRecord | undefined {
  const base = { at, actor, machine };
  switch (inspection.type) {
    case '@xstate.event':
      return {
        ...base,
        kind: 'event',
        event: inspection.event.type,
        payload: payloadOf(inspection.event),
      };
    case '@xstate.snapshot':
      return {
        ...base,
        kind: 'snapshot',
        event: inspection.event.type,
        ...snapshotFields(inspection.snapshot),
      };
    case '@xstate.actor':
      return { ...base, kind: 'actor', event: 'xstate.init' };
    default:
      return undefined;
  }
}
