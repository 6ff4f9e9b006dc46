import type { AgentLogEvent, AgentStateEvent } from './agents.ts';

/** The events the host sends its clients (REFERENCE.md "Events from the host to the interface"). */
export type HostEvent =
  { name: 'agent:state'; data: AgentStateEvent } | { name: 'agent:log'; data: AgentLogEvent };
