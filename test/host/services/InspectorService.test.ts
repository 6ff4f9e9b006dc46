import { describe, expect, it } from 'vitest';
import { inspectionHistory, InspectorService } from '../../../host/services/InspectorService.ts';
import type { Supervisor } from '../../../host/Supervisor.ts';

/** A supervisor with one agent `a`, counting what its worker is asked. */
function service() {
  const asked: boolean[] = [];
  const worker = {
    call: (request: (api: { inspect(on: boolean): void }) => void) => {
      request({ inspect: (on) => asked.push(on) });
      return Promise.resolve();
    },
  };
  const supervisor = {
    has: (name: string) => name === 'a',
    workerFor: () => worker,
    conversationWorker: () => worker,
  } as unknown as Supervisor;
  return { inspector: new InspectorService(supervisor, () => 'en'), asked };
}

const record = (n: number) => ({
  at: n,
  actor: 'lifecycle',
  machine: 'agent-lifecycle' as const,
  kind: 'event' as const,
  event: `e${n}`,
});

describe('InspectorService', () => {
  it('asks the worker to inspect while someone watches, and keeps a bounded history', async () => {
    const { inspector, asked } = service();
    const frames: string[] = [];
    const client = { send: (frame: string) => frames.push(frame) };
    inspector.received('a', [record(0)]); // nobody watches: dropped
    await inspector.Watch('a', client);
    await inspector.Watch('a', { send: () => {} });
    expect(asked).toEqual([true]);
    inspector.received(
      'a',
      Array.from({ length: inspectionHistory + 20 }, (_, i) => record(i)),
    );
    const { records } = await inspector.Watch('a');
    expect(records).toHaveLength(inspectionHistory);
    expect(records[0]!.seq).toBe(21);
    expect(records.at(-1)!.seq).toBe(inspectionHistory + 20);
    expect(JSON.parse(frames[0]!)).toMatchObject({ method: 'inspect', params: { agent: 'a' } });
    inspector.dropClient(client);
    expect(asked).toEqual([true]);
    expect(inspector.watched('a')).toBe(true);
  });

  it('stops the worker’s inspection when the last watcher leaves, and forgets the history', async () => {
    const { inspector, asked } = service();
    const client = { send: () => {} };
    await inspector.Watch('a', client);
    inspector.received('a', [record(1)]);
    await inspector.Unwatch('a', client);
    expect(asked).toEqual([true, false]);
    expect(inspector.watched('a')).toBe(false);
    expect((await inspector.Watch('a')).records).toEqual([]);
    // Watched again: the seq goes on, so a client that merges by seq loses nothing.
    await inspector.Watch('a', client);
    inspector.received('a', [record(2)]);
    expect((await inspector.Watch('a')).records.map((stamped) => stamped.seq)).toEqual([2]);
  });
});
