import type { InspectionEvent } from 'xstate';
import type { InspectedMachine, InspectionRecord } from '../schema/inspector.ts';

/** A record as the worker sends it: the host stamps `seq`. */
export type WorkerInspectionRecord = Omit<InspectionRecord, 'seq'>;

const snapshotFields = (snapshot: unknown) => {
  const { value, context, status } = snapshot as {
    value?: InspectionRecord['value'];
    context?: unknown;
    status?: InspectionRecord['status'];
  };
  return { value, context, status };
};

const payloadOf = (event: { type: string }) => {
  const payload: Record<string, unknown> = { ...event };
  delete payload.type;
  return Object.keys(payload).length > 0 ? payload : undefined;
};

/**
 * The XState inspection of a worker's actors (the agent's lifecycle and its turns), forwarded to
 * the host only while some client watches the agent. Unwatched, an inspection event costs one
 * call and one test of a boolean: nothing is built, kept or posted.
 */
export class ActorInspector {
  #watching = false;
  #pending: WorkerInspectionRecord[] = [];
  #due = false;

  constructor(
    private readonly send: (records: WorkerInspectionRecord[]) => void,
    private readonly schedule: (task: () => void) => void = setImmediate,
  ) {}

  get watching(): boolean {
    return this.#watching;
  }

  /**
   * Starts or stops forwarding. Starting reports where each live actor is (`current`), so a new
   * inspector sees the present before what follows.
   */
  watch(
    on: boolean,
    current: () => { actor: string; machine: InspectedMachine; snapshot: unknown }[],
  ): void {
    if (on === this.#watching) return;
    this.#watching = on;
    if (!on) {
      this.#pending = [];
      return;
    }
    for (const { actor, machine, snapshot } of current()) {
      this.#push({
        at: Date.now(),
        actor,
        machine,
        kind: 'actor',
        event: 'inspector.watch',
        ...snapshotFields(snapshot),
      });
    }
  }

  /** The `inspect` option of an actor: `createActor(machine, { inspect: inspector.of(…) })`. */
  of(actor: string, machine: InspectedMachine): (event: InspectionEvent) => void {
    return (inspection) => {
      if (!this.#watching) return;
      const at = Date.now();
      switch (inspection.type) {
        case '@xstate.event':
          this.#push({
            at,
            actor,
            machine,
            kind: 'event',
            event: inspection.event.type,
            payload: payloadOf(inspection.event),
          });
          return;
        case '@xstate.snapshot':
          this.#push({
            at,
            actor,
            machine,
            kind: 'snapshot',
            event: inspection.event.type,
            ...snapshotFields(inspection.snapshot),
          });
          return;
        case '@xstate.actor':
          this.#push({ at, actor, machine, kind: 'actor', event: 'xstate.init' });
          return;
        default:
          return;
      }
    };
  }

  #push(record: WorkerInspectionRecord): void {
    this.#pending.push(record);
    if (this.#due) return;
    this.#due = true;
    this.schedule(() => {
      this.#due = false;
      const records = this.#pending;
      this.#pending = [];
      if (records.length > 0 && this.#watching) this.send(records);
    });
  }
}
