import { setTimeout } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { logBytesInFlight } from '../../workers/AgentActor.ts';
import type { AgentLaunch, AgentWorkerApi, AgentWorkerEvent } from '../../schema/worker.ts';
import { exposeToHost, releaseWorker, wrapWorker, type Remote } from '../../workers/rpc.ts';
import { spawnAgent } from '../../workers/spawnAgent.ts';
import { WorkerAgent } from '../../workers/WorkerAgent.ts';
import { fakeAgent, isAlive, testTimings } from '../helpers/agents.ts';

/** The worker boundary in one process: the worker's agent served over a MessageChannel. */
function connect(flags: string[] = [], { early = false } = {}) {
  const events: AgentWorkerEvent[] = [];
  const definition = fakeAgent('a', flags);
  const launch: AgentLaunch = {
    name: 'a',
    command: definition.command,
    args: definition.args,
    env: { ...process.env } as Record<string, string>,
    cwd: definition.cwd,
  };
  // As agentWorker.ts does for a worker made for a start: the agent spawned before the worker.
  const spawned = early ? spawnAgent(launch) : undefined;
  const agent = new WorkerAgent(
    { name: 'a', language: 'en', timings: testTimings, ...(spawned ? { early: spawned } : {}) },
    (event) => events.push(event),
  );
  const channel = new MessageChannel();
  exposeToHost(agent, channel.port1);
  const api = wrapWorker<AgentWorkerApi>(channel.port2);
  const close = () => {
    releaseWorker(api);
    channel.port1.close();
    channel.port2.close();
  };
  return { agent, api, events, close, spawned, start: () => api.start(launch) };
}

const logLines = (events: AgentWorkerEvent[]) =>
  events.flatMap((event) => (event.type === 'log' ? [event.line] : []));
const logged = (events: AgentWorkerEvent[]) =>
  logLines(events).reduce((sum, line) => sum + line.length, 0);

const states = (events: AgentWorkerEvent[]) =>
  events.flatMap((event) =>
    event.type === 'state' ? [`${event.state}${event.stopping ? ' (stopping)' : ''}`] : [],
  );

let opened: { api: Remote<AgentWorkerApi>; close: () => void } | undefined;
afterEach(async () => {
  await opened?.api.stop();
  opened?.close();
});

describe('the agent actor behind Comlink, in one process', () => {
  it('starts, reports its pid and states in order, keeps its logs, and stops', async () => {
    const connection = (opened = connect(['--stderr-lines=3']));
    const { api, events, start } = connection;
    await start();
    await expect.poll(() => states(events)).toEqual(['starting', 'ready']);
    const spawned = events.find((event) => event.type === 'spawned');
    expect(spawned?.type === 'spawned' && isAlive(spawned.pid)).toBe(true);
    await expect
      .poll(() => api.logs())
      .toEqual(['stderr line 1', 'stderr line 2', 'stderr line 3']);
    await api.stop();
    await expect.poll(() => states(events).at(-1)).toBe('stopped');
    expect(states(events)).toEqual(['starting', 'ready', 'ready (stopping)', 'stopped']);
    expect(spawned?.type === 'spawned' && isAlive(spawned.pid)).toBe(false);
  });

  it('keeps an agent that ignores stdin ready while it stops, then stopped', async () => {
    const connection = (opened = connect(['--ignore-stdin-close']));
    const { api, events, start } = connection;
    await start();
    await expect.poll(() => states(events).at(-1)).toBe('ready');
    await api.stop();
    await expect.poll(() => states(events).at(-1)).toBe('stopped');
    expect(states(events)).toEqual(['starting', 'ready', 'ready (stopping)', 'stopped']);
  });

  it('marks a running agent outdated when its definition changes', async () => {
    const connection = (opened = connect());
    const { api, events, start } = connection;
    await start();
    await expect.poll(() => states(events).at(-1)).toBe('ready');
    await api.definitionChanged();
    await expect
      .poll(() => events.at(-1))
      .toMatchObject({ type: 'state', state: 'ready', outdated: true });
  });

  it('stops reading a flooding stderr while the host has not read its log, and then goes on', async () => {
    const lines = 200_000; // ~3.7 MB of log, more than three times what may be in flight
    const connection = (opened = connect([`--stderr-lines=${lines}`]));
    const { agent, events, start } = connection;
    await start();
    await expect.poll(() => logged(events)).toBeGreaterThan(logBytesInFlight);
    // Nobody reads: the worker stops reading the agent too (what readline had split still comes).
    // Two waits for nothing more to come: what is in flight arrives, then no more.
    await setTimeout(300);
    const held = logged(events);
    expect(held).toBeLessThan(logBytesInFlight + 128 * 1024);
    await setTimeout(300);
    expect(logged(events)).toBe(held);

    // The host reads what it was sent, again and again: the whole log arrives, in order.
    let read = 0;
    await expect
      .poll(
        () => {
          const now = logged(events);
          agent.logRead(now - read);
          read = now;
          return logLines(events).length;
        },
        { timeout: 10_000 },
      )
      .toBe(lines);
    expect(logLines(events)).toEqual(
      Array.from({ length: lines }, (_, index) => `stderr line ${index + 1}`),
    );
    await expect.poll(() => states(events).at(-1)).toBe('ready');
  });

  it('takes the process spawned before it for its first start, and kills it when a stop comes first', async () => {
    const started = (opened = connect(['--session'], { early: true }));
    const pid = started.spawned!.child.pid!;
    await started.start();
    await expect.poll(() => states(started.events).at(-1)).toBe('ready');
    expect(started.events.find((event) => event.type === 'spawned')).toEqual({
      type: 'spawned',
      pid,
    });
    await started.api.stop();
    await expect.poll(() => isAlive(pid)).toBe(false);
    started.close();

    const stopped = (opened = connect(['--session'], { early: true }));
    const unused = stopped.spawned!.child.pid!;
    await stopped.api.stop();
    await expect.poll(() => isAlive(unused)).toBe(false);
    await stopped.start();
    await expect.poll(() => states(stopped.events).at(-1)).toBe('ready');
    const spawned = stopped.events.find((event) => event.type === 'spawned');
    expect(spawned?.type === 'spawned' && spawned.pid).not.toBe(unused);
  });
});
