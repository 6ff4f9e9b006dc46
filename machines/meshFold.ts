import type { MeshFreeze, MeshLogEntry } from '../schema/mesh.ts';

/** Entries kept, the oldest dropped first. */
export const meshLogCapacity = 200;

/** The messages a host's agents sent and received, and the freezes in force. */
export interface MeshHistory {
  log: MeshLogEntry[];
  freezes: MeshFreeze[];
}

/** What tells two entries apart: a message sent to a machine is received once per agent. */
export const entryKey = (entry: MeshLogEntry): string =>
  `${entry.direction}\u0000${entry.agent}\u0000${entry.message.id}`;

/**
 * `history` after one more entry, the same in the host (`host/mesh/MeshLog.ts`) and the app (on
 * each `mesh:message`): the entry at the end of the log (once), and the freezes — a `freeze`
 * holds its machine's place until a `freeze-clear` from the same machine.
 */
export function addLogEntry<History extends MeshHistory>(
  history: History,
  entry: MeshLogEntry,
): History {
  const key = entryKey(entry);
  if (history.log.some((known) => entryKey(known) === key)) return history;
  const { from, msg_type, sent_at, payload } = entry.message;
  let freezes = history.freezes;
  if (msg_type === 'freeze') {
    // A machine's newer freeze takes the place of its older one.
    const freeze: MeshFreeze = { from, since: sent_at, payload };
    const index = freezes.findIndex((known) => known.from.machine === from.machine);
    freezes = index === -1 ? [...freezes, freeze] : freezes.with(index, freeze);
  } else if (msg_type === 'freeze-clear') {
    freezes = freezes.filter((known) => known.from.machine !== from.machine);
  }
  return { ...history, log: [...history.log, entry].slice(-meshLogCapacity), freezes };
}
