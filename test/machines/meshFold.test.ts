import { describe, expect, it } from 'vitest';
import { addLogEntry, meshLogCapacity } from '../../machines/meshFold.ts';
import { entry, overview } from '../helpers/meshOverview.ts';

const laptop = { machine: 'laptop', agent_id: 'alpha' };
const desktop = { machine: 'desktop', agent_id: 'gamma' };

describe('a mesh:message folded into the overview', () => {
  it('ends the log, once, and the log keeps what the host keeps', () => {
    const sent = entry('sent', 'alpha', 'ping');
    const once = addLogEntry(overview({ log: [] }), sent);
    expect(once.log).toEqual([sent]);
    expect(addLogEntry(once, sent)).toBe(once);
    // The same message received by two agents: two entries.
    const twice = addLogEntry(
      addLogEntry(once, entry('received', 'beta', 'ping', { id: sent.message.id })),
      entry('received', 'delta', 'ping', { id: sent.message.id }),
    );
    expect(twice.log).toHaveLength(3);

    let full = overview({ log: [] });
    for (let i = 0; i < meshLogCapacity + 5; i++)
      full = addLogEntry(full, entry('sent', 'a', 'note'));
    expect(full.log).toHaveLength(meshLogCapacity);
  });

  it('keeps a freeze per machine until a freeze-clear from that machine', () => {
    let mesh = overview();
    mesh = addLogEntry(mesh, entry('sent', 'alpha', 'freeze', { from: laptop, sent_at: 'T1' }));
    mesh = addLogEntry(mesh, entry('received', 'beta', 'freeze', { from: desktop, sent_at: 'T2' }));
    mesh = addLogEntry(
      mesh,
      entry('sent', 'alpha', 'freeze', { from: laptop, sent_at: 'T3', payload: { reason: 'r' } }),
    );
    expect(mesh.freezes).toEqual([
      { from: laptop, since: 'T3', payload: { reason: 'r' } },
      { from: desktop, since: 'T2', payload: {} },
    ]);
    mesh = addLogEntry(mesh, entry('received', 'beta', 'freeze-clear', { from: desktop }));
    expect(mesh.freezes.map((freeze) => freeze.from)).toEqual([laptop]);
    mesh = addLogEntry(mesh, entry('sent', 'alpha', 'note', { from: laptop }));
    expect(mesh.freezes).toHaveLength(1);
  });
});
