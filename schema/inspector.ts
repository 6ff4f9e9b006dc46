/**
 * The statechart inspector on the wire (docs/inspector.md): XState inspection events of the
 * actors in an agent's worker, sent only to the clients that watch that agent.
 */

/** The machines the inspector draws, by their id in `machines/`. */
export type InspectedMachine =
  'agent-lifecycle' | 'conversation-turn' | 'acp-session' | 'connection';

/** An XState state value: a state's name, or nested states as an object. */
export type StateValue = string | { [state: string]: StateValue };

/** One inspection event of one actor. */
export interface InspectionRecord {
  /** Increases by one per record of the agent (or of the app, for its own actors). */
  seq: number;
  /** When it happened (ms since the epoch, the host's clock or the app's). */
  at: number;
  /** The actor: `lifecycle`, `turn:<user message id>`, `session`, or `connection` (the app's own). */
  actor: string;
  machine: InspectedMachine;
  /**
   * `actor`: the actor was created; `event`: it received `event`; `snapshot`: the state it is in
   * after taking `event` (XState's `@xstate.actor`, `@xstate.event`, `@xstate.snapshot`).
   */
  kind: 'actor' | 'event' | 'snapshot';
  /** The event's type (`agent.start`, `xstate.after.5000.agentLifecycle…`, `xstate.init`). */
  event: string;
  /** The event's own fields, as JSON, without `type`. */
  payload?: unknown;
  /** For `snapshot` (and `actor`): the state value, its context, the actor's status. */
  value?: StateValue;
  context?: unknown;
  status?: 'active' | 'done' | 'error' | 'stopped';
}

/** A record as an agent worker sends it: the host stamps `seq`. */
export type WorkerInspectionRecord = Omit<InspectionRecord, 'seq'>;

/** `InspectorService.Watch(agent)`: the agent's recent history, oldest first (bounded). */
export interface WatchResult {
  agent: string;
  records: InspectionRecord[];
}

/** The `inspect` notification's params, sent only to the clients that watch `agent`. */
export interface InspectNotification {
  agent: string;
  records: InspectionRecord[];
}
