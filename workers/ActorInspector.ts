import type { AnyActorRef, InspectionEvent, Subscription } from 'xstate';
import { inspectionRecord, snapshotFields } from '../machines/inspectionRecord.ts';
import type { InspectedMachine, WorkerInspectionRecord } from '../schema/inspector.ts';

/** An actor the inspector knows, and its inspection while watched. */
interface Inspected {
  name: string;
  machine: InspectedMachine;
  subscription: Subscription | undefined;
}

/**
 * The XState inspection of a worker's actors (the agent's lifecycle and its turns), forwarded to
 * the host only while some client watches the agent. Unwatched, no actor has an inspection
 * observer, so XState builds no inspection event at all: the actors run as if uninspected.
 */
export class ActorInspector {
  #watching = false;
  readonly #actors = new Map<AnyActorRef, Inspected>();
  #pending: WorkerInspectionRecord[] = [];
  #due = false;

  constructor(
    private readonly send: (records: WorkerInspectionRecord[]) => void,
    private readonly schedule: (task: () => void) => void = setImmediate,
  ) {}

  get watching(): boolean {
    return this.#watching;
  }

  /** Makes `actor` inspectable as `name` until it stops (call it before `actor.start()`). */
  attach(actor: AnyActorRef, name: string, machine: InspectedMachine): void {
    const inspected: Inspected = { name, machine, subscription: undefined };
    this.#actors.set(actor, inspected);
    // XState completes an actor before it reports its final snapshot: let that arrive first.
    const forget = () =>
      queueMicrotask(() => {
        inspected.subscription?.unsubscribe();
        this.#actors.delete(actor);
      });
    actor.subscribe({ complete: forget, error: forget });
    if (this.#watching) this.#observe(actor, inspected);
  }

  /**
   * Starts or stops forwarding. Starting reports where each live actor is, so a new inspector
   * sees the present before what follows.
   */
  watch(on: boolean): void {
    if (on === this.#watching) return;
    this.#watching = on;
    for (const [actor, inspected] of this.#actors) {
      if (!on) {
        inspected.subscription?.unsubscribe();
        inspected.subscription = undefined;
        continue;
      }
      this.#push({
        at: Date.now(),
        actor: inspected.name,
        machine: inspected.machine,
        kind: 'actor',
        event: 'inspector.watch',
        ...snapshotFields(actor.getSnapshot()),
      });
      this.#observe(actor, inspected);
    }
    if (!on) this.#pending = [];
  }

  #observe(actor: AnyActorRef, inspected: Inspected): void {
    inspected.subscription = actor.system.inspect((inspection: InspectionEvent) =>
      this.#record(inspected, inspection),
    );
  }

  #record({ name: actor, machine }: Inspected, inspection: InspectionEvent): void {
    const record = inspectionRecord(inspection, { actor, machine, at: Date.now() });
    if (record) this.#push(record);
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
