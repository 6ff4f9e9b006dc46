import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MeshLog } from '../../../host/mesh/MeshLog.ts';
import { meshLogCapacity } from '../../../machines/meshFold.ts';
import type { MeshLogEntry, MeshMessageType } from '../../../schema/mesh.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'switchboard-meshlog-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

let ids = 0;
const received = (msgType: MeshMessageType, machine = 'laptop'): MeshLogEntry => ({
  direction: 'received',
  agent: 'beta',
  message: {
    id: `m${++ids}`,
    from: { machine, agent_id: 'alpha' },
    msg_type: msgType,
    payload: { n: ids },
    sent_at: new Date(Date.UTC(2026, 10, 30, 10, 0, ids)).toISOString(),
  },
});

describe('the mesh log of a host', () => {
  it('publishes each entry, and keeps a freeze through a restart and past the log’s length', async () => {
    const file = join(folder, 'mesh', 'log.json');
    const published: MeshLogEntry[] = [];
    const log = await MeshLog.open(file, (entry) => published.push(entry));
    const freeze = received('freeze');
    log.record(freeze);
    log.record(received('freeze', 'buildbox'));
    log.record(received('freeze-clear', 'buildbox'));
    for (let i = 0; i < meshLogCapacity + 50; i++) log.record(received('note'));
    expect(published).toHaveLength(meshLogCapacity + 53);
    await log.close();

    const again = await MeshLog.open(file, () => {});
    expect(again.entries()).toHaveLength(meshLogCapacity);
    expect(again.entries().at(-1)).toEqual(published.at(-1));
    expect(again.freezes()).toEqual([
      { from: freeze.message.from, since: freeze.message.sent_at, payload: freeze.message.payload },
    ]);
  });
});
