/**
 * The agent mesh (REFERENCE.md, "Agent mesh: the `agent_send` tool"; docs/mesh.md): agents on the
 * user's machines send each other coordination messages through three MCP tools the host offers
 * them, `agents_list`, `agent_send` and `agent_inbox`.
 */

/** What `agent_send` may carry, and nothing else. */
export const meshMessageTypes = [
  'ping',
  'pr-ready',
  'freeze',
  'freeze-clear',
  'release-out',
  'handoff',
  'note',
] as const;
export type MeshMessageType = (typeof meshMessageTypes)[number];

/** The largest `payload`, as the bytes of its JSON (UTF-8). */
export const maxPayloadBytes = 16 * 1024;

/** An agent somewhere in the mesh: its machine's handle and its name in that host's configuration. */
export interface MeshAddress {
  machine: string;
  agent_id: string;
}

/** One message, as `agent_inbox` returns it. */
export interface MeshMessage {
  id: string;
  from: MeshAddress;
  msg_type: MeshMessageType;
  payload: Record<string, unknown>;
  /** ISO 8601. */
  sent_at: string;
}

/** `agents_list`'s answer. */
export interface MeshDirectory {
  self: MeshAddress;
  machines: { handle: string; agents: string[] }[];
}

/** `agent_send`'s answer. */
export interface MeshDelivery {
  message_id: string;
  delivered_to: string[];
}

/**
 * `agent_send`'s refusal when the target is not alive: an unknown `machine` lists the live
 * machines, a `to_agent` that has not checked in lists the live agents of that machine.
 */
export interface MeshNotFound {
  status: 404;
  machine: string;
  alive: string[];
}

/** One message as this host saw it: sent by one of its agents, or taken from one's inbox. */
export interface MeshLogEntry {
  direction: 'sent' | 'received';
  /** This host's agent that sent or received it. */
  agent: string;
  message: MeshMessage;
  /** For `sent`: the target machine, and who it was delivered to. */
  to?: { machine: string; agents: string[] };
}

/** A `freeze` not yet followed by a `freeze-clear` from the same machine. */
export interface MeshFreeze {
  from: MeshAddress;
  since: string;
  payload: Record<string, unknown>;
}

/** `MeshService.Overview()`. */
export interface MeshOverview {
  /** This host's handle. */
  machine: string;
  /** The live machines and their live agents, this one first. */
  machines: { handle: string; agents: string[] }[];
  /** The last messages this host's agents sent and received, oldest first. */
  log: MeshLogEntry[];
  freezes: MeshFreeze[];
}
