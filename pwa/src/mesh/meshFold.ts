import type { MeshLogEntry, MeshOverview } from '../../../schema/mesh.ts';

/** Entries kept, as the host keeps them (`host/mesh/MeshLog.ts`). */
export const meshLogCapacity = 200;

/** What tells two entries apart: a message sent to a machine is received once per agent. */
export const entryKey = (entry: MeshLogEntry): string =>
  `${entry.direction}\u0000${entry.agent}\u0000${entry.message.id}`;

/**
 * `overview` after a `mesh:message` event: the entry at the end of the log (once), and the
 * freezes as the host folds them — a `freeze` holds its machine's place until a `freeze-clear`
 * from the same machine.
 */
export function addLogEntry(overview: MeshOverview, entry: MeshLogEntry): MeshOverview {
  const key = entryKey(entry);
  if (overview.log.some((known) => entryKey(known) === key)) return overview;
  const { from, msg_type, sent_at, payload } = entry.message;
  let freezes = overview.freezes;
  if (msg_type === 'freeze') {
    // A machine's newer freeze takes the place of its older one.
    const freeze = { from, since: sent_at, payload };
    const index = freezes.findIndex((known) => known.from.machine === from.machine);
    freezes = index === -1 ? [...freezes, freeze] : freezes.with(index, freeze);
  } else if (msg_type === 'freeze-clear') {
    freezes = freezes.filter((known) => known.from.machine !== from.machine);
  }
  return { ...overview, log: [...overview.log, entry].slice(-meshLogCapacity), freezes };
}
