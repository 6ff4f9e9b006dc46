import type { AgentLogEvent, AgentStateEvent } from './agents.ts';
import type { ConfigChangedEvent } from './config.ts';
import type { ConversationEvent } from './conversation.ts';

/**
 * The events the host sends its clients (REFERENCE.md "Events from the host to the interface" and
 * "Conversations / Events").
 */
export type HostEvent =
  | { name: 'agent:state'; data: AgentStateEvent }
  | { name: 'agent:log'; data: AgentLogEvent }
  | { name: 'config:changed'; data: ConfigChangedEvent }
  | ConversationEvent;
