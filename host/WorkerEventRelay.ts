import type { ConversationEvent } from '../schema/conversation.ts';
import type { HostEvent } from '../schema/events.ts';
import type { WorkerInspectionRecord } from '../schema/inspector.ts';
import type { AcpSessionRecord, AgentWorkerEvent, WorkerSeed } from '../schema/worker.ts';
import type { AgentRecord } from './AgentRegistry.ts';

/** Who keeps the conversations while workers come and go (the host's copy of each). */
export interface ConversationKeeper {
  /** What a new worker of `name` starts with. */
  seed(name: string): WorkerSeed | undefined;
  /** The events a worker of `name` posted for its conversation `id`. */
  received(name: string, id: string, events: readonly ConversationEvent[]): void;
  /** A worker of `name` opened an ACP session for its conversation `id`. */
  sessionOpened(name: string, id: string, session: AcpSessionRecord): void;
  /** The worker of `name` died: what its conversation had in flight ends with `error`. */
  interrupted(name: string, error: string): void;
  /** `name`'s conversation is gone (the agent was removed), or every one (no name). */
  forget(name?: string): void;
}

/** Who forwards the agents' inspection to the clients that watch them. */
export interface InspectionSink {
  watched(name: string): boolean;
  received(name: string, records: WorkerInspectionRecord[]): void;
}

/** Where the events the supervisor does not read itself go. */
export interface RelayTargets {
  emit: (event: HostEvent) => void;
  conversations?: ConversationKeeper | undefined;
  inspection?: InspectionSink | undefined;
}

/** The events of a worker that are the supervisor's own: its agent's lifecycle and wishes. */
export type SupervisedEvent = Extract<
  AgentWorkerEvent,
  { type: 'state' | 'wantsAgent' | 'agentNotWanted' }
>;

/** The events of a worker the supervisor passes on without reading them. */
export type RelayedEvent = Exclude<AgentWorkerEvent, SupervisedEvent>;

export const isSupervised = (event: AgentWorkerEvent): event is SupervisedEvent =>
  event.type === 'state' || event.type === 'wantsAgent' || event.type === 'agentNotWanted';

/**
 * Passes on what a worker posts for others: its agent's stderr lines (kept, and `agent:log`), its
 * conversation's events and sessions (to the keeper, or out as they are without one), its
 * inspection records. `spawned`, `processes` and `synced` are the worker handle's.
 */
export function relayWorkerEvent(
  agent: AgentRecord,
  event: RelayedEvent,
  { emit, conversations, inspection }: RelayTargets,
): void {
  const { name } = agent.definition;
  switch (event.type) {
    case 'log':
      agent.logs.push(event.line);
      emit({ name: 'agent:log', data: { agent: name, line: event.line } });
      return;
    case 'conversation':
      if (conversations) conversations.received(name, event.conversation, event.events);
      else for (const conversationEvent of event.events) emit(conversationEvent);
      return;
    case 'session':
      conversations?.sessionOpened(name, event.conversation, event.session);
      return;
    case 'inspection':
      inspection?.received(name, event.records);
      return;
    case 'spawned':
    case 'processes':
    case 'synced':
      return;
  }
}
