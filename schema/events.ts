import type { AgentLogEvent, AgentStateEvent } from './agents.ts';
import type { ConfigChangedEvent } from './config.ts';
import type { ConversationEvent, ConversationOpenedEvent } from './conversation.ts';
import type { MeshLogEntry } from './mesh.ts';

/**
 * The events the host sends its clients (REFERENCE.md "Events from the host to the interface" and
 * "Conversations / Events").
 */
export type HostEvent =
  | { name: 'agent:state'; data: AgentStateEvent }
  | { name: 'agent:log'; data: AgentLogEvent }
  | { name: 'config:changed'; data: ConfigChangedEvent }
  /** One of this host's agents sent or received a mesh message (docs/mesh.md). */
  | { name: 'mesh:message'; data: MeshLogEntry }
  /** The mesh's machines, live agents or channels changed: `MeshService.Overview()` again. */
  | { name: 'mesh:changed'; data: Record<string, never> }
  /** The agent's current conversation is another one: `ChatService.Conversation(agent)` again. */
  | { name: 'conversation:opened'; data: ConversationOpenedEvent }
  | ConversationEvent;
