import type {
  MeshAddress,
  MeshDelivery,
  MeshDirectory,
  MeshMessage,
  MeshMessageType,
  MeshNotFound,
} from '../../schema/mesh.ts';

/** A message on its way, already checked (type, payload size, sender). */
export interface MeshSend {
  from: MeshAddress;
  /** The target machine's handle. */
  to: string;
  /** One agent of that machine; without it, every live agent there but the sender. */
  toAgent?: string;
  msgType: MeshMessageType;
  payload: Record<string, unknown>;
}

export type MeshSendOutcome =
  | { ok: true; delivery: MeshDelivery; message: MeshMessage }
  | { ok: false; notFound: MeshNotFound };

/**
 * What joins this host's agents to the others of the user's machines: the embedded channel (this
 * machine alone, `LocalMesh`) or a NATS server shared by several hosts. An agent is alive while it
 * has checked in within the channel's time to live; every tool call is a check-in.
 */
export interface MeshChannel {
  /** This host's handle in the channel. */
  readonly machine: string;
  checkIn(agent: string): Promise<void>;
  /** The live machines and their live agents, `self` being `agent` of this machine. */
  directory(agent: string): Promise<MeshDirectory>;
  /** Stores one copy per recipient before it answers: a restart loses none. */
  send(message: MeshSend): Promise<MeshSendOutcome>;
  /** The messages waiting for `agent`, oldest first, taken: none is returned twice. */
  collect(agent: string): Promise<MeshMessage[]>;
  close(): Promise<void>;
}
