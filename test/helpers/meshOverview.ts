/** What the mesh fold and the Mesh panel are given: log entries, overviews, channels. */
import type { ChannelStatus } from '../../schema/config.ts';
import type { MeshLogEntry, MeshMessageType, MeshOverview } from '../../schema/mesh.ts';

/** Today at `hours:minutes`, local time, as the host writes it (ISO 8601). */
export function today(hours: number, minutes: number, seconds = 0): string {
  const at = new Date();
  at.setHours(hours, minutes, seconds, 0);
  return at.toISOString();
}

let ids = 0;

/** A log entry: `agent` of this machine (`laptop`) sent or received a message. */
export function entry(
  direction: MeshLogEntry['direction'],
  agent: string,
  msg_type: MeshMessageType,
  more: {
    from?: { machine: string; agent_id: string };
    to?: MeshLogEntry['to'];
    payload?: Record<string, unknown>;
    sent_at?: string;
    id?: string;
  } = {},
): MeshLogEntry {
  return {
    direction,
    agent,
    message: {
      id: more.id ?? `m${++ids}`,
      from: more.from ?? { machine: 'laptop', agent_id: agent },
      msg_type,
      payload: more.payload ?? {},
      sent_at: more.sent_at ?? today(10, 40),
    },
    ...(more.to ? { to: more.to } : {}),
  };
}

/** A mesh of two machines: this one (`laptop`, alpha and beta) and `desktop` (gamma). */
export function overview(more: Partial<MeshOverview> = {}): MeshOverview {
  return {
    machine: 'laptop',
    machines: [
      { handle: 'laptop', agents: ['alpha', 'beta'] },
      { handle: 'desktop', agents: ['gamma'] },
    ],
    log: [
      entry('sent', 'alpha', 'pr-ready', {
        to: { machine: 'desktop', agents: ['gamma'] },
        payload: { message: 'PR #42 is green', pr: 42 },
        sent_at: today(10, 30, 5),
      }),
      entry('received', 'beta', 'handoff', {
        from: { machine: 'desktop', agent_id: 'gamma' },
        payload: { branch: 'fix/login' },
        sent_at: today(10, 35, 9),
      }),
    ],
    freezes: [],
    ...more,
  };
}

/** A channel of the configuration (`home`, on this machine), connected. */
export const channel = (more: Partial<ChannelStatus> = {}): ChannelStatus => ({
  name: 'home',
  nats: 'nats://nas.local:4222',
  machine: 'laptop',
  state: 'connected',
  ...more,
});
