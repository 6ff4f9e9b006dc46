import { describe, expect, it } from 'vitest';
import type { InspectionRecord, InspectNotification, WatchResult } from '../../schema/inspector.ts';
import { script } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type WireClient } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const records = (client: WireClient, agent: string): InspectionRecord[] =>
  client.notifications.flatMap(({ method, params }) => {
    const notification = params as InspectNotification;
    return method === 'inspect' && notification.agent === agent ? notification.records : [];
  });

const lifecycleStates = (all: InspectionRecord[]) =>
  all
    .filter((record) => record.actor === 'lifecycle' && record.kind === 'snapshot')
    .map((record) =>
      typeof record.value === 'string' ? record.value : Object.keys(record.value!)[0],
    );

describe('InspectorService over the wire', () => {
  it('sends an agent’s inspection only to the clients that watch it, in order, until they stop', async () => {
    const host = await start(configText({ a: ['--session'], b: ['--session'] }));
    const watcher = await host.connect();
    const other = await host.connect();
    const watched = (await watcher.call('InspectorService.Watch', ['a'])).result as WatchResult;
    expect(watched.agent).toBe('a');
    // What the watcher knows: the history it was answered, then the notifications, by seq.
    const seen = () => {
      const bySeq = new Map(
        [...watched.records, ...records(watcher, 'a')].map((record) => [record.seq, record]),
      );
      return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    };
    await expect
      .poll(() => seen()[0])
      .toMatchObject({
        actor: 'lifecycle',
        machine: 'agent-lifecycle',
        kind: 'actor',
        value: 'stopped',
      });

    await other.call('AgentService.Start', ['a']);
    await other.call('AgentService.Start', ['b']);
    await expect.poll(() => lifecycleStates(seen()).at(-1)).toBe('ready');
    expect(lifecycleStates(seen())).toEqual(['starting', 'ready']);
    const received = seen();
    expect(received.map((record) => record.seq)).toEqual(received.map((_, i) => i + 1));
    expect(received).toContainEqual(
      expect.objectContaining({ kind: 'event', event: 'agent.start', actor: 'lifecycle' }),
    );
    // Nobody watches b, and the other client watches nothing.
    expect(records(watcher, 'b')).toEqual([]);
    expect(other.notifications).toEqual([]);

    // A turn is an actor of its own, from queued to ended.
    await other.call('ChatService.Send', ['a', script({ text: 'hi' })]);
    await expect
      .poll(() =>
        records(watcher, 'a')
          .filter((record) => record.actor.startsWith('turn:') && record.kind === 'snapshot')
          .map((record) => record.value),
      )
      .toEqual(['queued', 'waitingForAgent', 'prompting', 'ended']);

    // A newly opened inspector gets the history, from the host.
    const late = await host.connect();
    const history = (await late.call('InspectorService.Watch', ['a'])).result as WatchResult;
    expect(history.records.map((record) => record.seq)).toEqual(seen().map((record) => record.seq));

    await watcher.call('InspectorService.Unwatch', ['a']);
    late.close();
    const before = records(watcher, 'a').length;
    await other.call('AgentService.Stop', ['a']);
    // A wait for nothing to come: the stop's records would have come by then.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(records(watcher, 'a')).toHaveLength(before);
  });

  it('refuses an unknown agent', async () => {
    const host = await start(configText({ a: [] }));
    const client = await host.connect();
    expect((await client.call('InspectorService.Watch', ['zzz'])).error).toMatchObject({
      code: -32000,
      data: { kind: 'unknown-agent' },
    });
  });
});
