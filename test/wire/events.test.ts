import { describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type EventFrame } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const seqs = (events: EventFrame[]) => events.map((event) => event.seq);
const consecutive = (events: EventFrame[]) =>
  seqs(events).every((seq, i, all) => i === 0 || seq === all[i - 1]! + 1);

describe('the event stream', () => {
  it('delivers a start and a stop in order, with consecutive seq', async () => {
    const host = await start(configText({ a: [] }));
    const client = await host.connect();
    await client.call('AgentService.Start', ['a']);
    await client.call('AgentService.Stop', ['a']);
    await expect
      .poll(() =>
        client.events
          .filter((event) => event.name === 'agent:state')
          .map((event) => (event.data as { state: string }).state),
      )
      .toEqual(['starting', 'ready', 'stopped']);
    expect(consecutive(client.events)).toBe(true);
    expect(client.events[0]).toEqual({
      seq: expect.any(Number) as number,
      name: 'agent:state',
      data: { agent: 'a', state: 'starting', outdated: false },
    });
  });

  it('resumes a client cut during a burst of 10 000 events with ?since=, each event exactly once', async () => {
    const host = await start(configText({ flood: ['--stderr-lines=10000'] }));
    const watcher = await host.connect();
    const first = await host.connect();
    void first.call('AgentService.Start', ['flood']);
    // Cut it mid-burst, as a tablet going to sleep would be.
    await expect.poll(() => first.events.length, { interval: 1 }).toBeGreaterThan(100);
    first.close();
    const seen = first.lastSeq();
    expect(seen).toBeLessThan(9_000);
    await expect
      .poll(() => watcher.events.filter((event) => event.name === 'agent:log').length)
      .toBe(10_000);
    const resumed = await host.connect(`?since=${seen}`);
    await expect.poll(() => resumed.lastSeq()).toBe(watcher.lastSeq());
    const all = [...first.events, ...resumed.events];
    expect(seqs(all)).toEqual(seqs(watcher.events));
    expect(all.filter((event) => event.name === 'agent:log')).toHaveLength(10_000);
    expect(consecutive(all)).toBe(true);
  });

  it('says resync to a client whose since is older than what the host holds', async () => {
    const host = await start(configText({ flood: ['--stderr-lines=10500'] }));
    const watcher = await host.connect();
    await watcher.call('AgentService.Start', ['flood']);
    await expect.poll(() => watcher.events.length).toBeGreaterThan(10_400);
    const late = await host.connect('?since=1');
    await expect.poll(() => late.events.length).toBeGreaterThan(0);
    expect(late.events[0]).toMatchObject({ name: 'resync', data: {} });
    await expect.poll(() => late.lastSeq()).toBe(watcher.lastSeq());
    expect(consecutive(late.events.slice(1))).toBe(true);
  });
});
