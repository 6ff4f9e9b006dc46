import { SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { fakeAgent, testTimings } from '../helpers/agents.ts';
import { harnessPerTest } from '../helpers/supervisorHarness.ts';

const open = harnessPerTest();

describe('the limits of REFERENCE.md, real workers and real processes', () => {
  it('evicts the least recently used ready agent to start another one', async () => {
    const { supervisor, states, state } = open([fakeAgent('a'), fakeAgent('b'), fakeAgent('c')], {
      maxRunningAgents: 2,
    });
    await supervisor.start('a');
    await supervisor.start('b');
    // a is used after b started: b is now the least recently used.
    await supervisor.use('a');
    await supervisor.release('a');
    await supervisor.start('c');
    expect(states('b')).toEqual(['starting', 'ready', 'stopped']);
    expect(state('a')).toBe('ready');
    expect(state('c')).toBe('ready');
  });

  it('never evicts a busy agent, and refuses when every place is busy, changing nothing', async () => {
    const { supervisor, events, state, reaches } = open(
      [fakeAgent('a'), fakeAgent('b'), fakeAgent('c')],
      { maxRunningAgents: 2 },
    );
    await supervisor.start('a');
    await supervisor.start('b');
    await supervisor.use('a');
    await supervisor.use('b');
    await reaches('b', 'busy');
    const before = events.length;
    await expect(supervisor.start('c')).rejects.toMatchObject({
      kind: 'limit',
      message: 'too many agents running: 2 agent(s) busy (a, b), the limit is 2',
    });
    expect(events.length).toBe(before);
    expect([state('a'), state('b'), state('c')]).toEqual(['busy', 'busy', 'stopped']);
  });

  it('says the refusal in French when the configuration is French', async () => {
    const { supervisor, reaches } = open(
      [fakeAgent('a'), fakeAgent('b')],
      { maxRunningAgents: 1 },
      'fr',
    );
    await supervisor.start('a');
    await supervisor.use('a');
    await reaches('a', 'busy');
    await expect(supervisor.start('b')).rejects.toThrow(
      'trop d’agents en marche : 1 agent(s) occupé(s) (a), la limite est 1',
    );
  });

  it('lets a starting agent hold a place, and has a start wait for it rather than refuse', async () => {
    const { supervisor, states, reaches } = open(
      [fakeAgent('slow', ['--handshake=delay:800']), fakeAgent('b')],
      { maxRunningAgents: 1 },
    );
    const slow = supervisor.start('slow');
    await reaches('slow', 'starting');
    // slow, once ready, is an idle agent: the least recently used, evicted for b.
    await supervisor.start('b');
    await slow;
    expect(states('slow')).toEqual(['starting', 'ready', 'stopped']);
    expect(states('b')).toEqual(['starting', 'ready']);
  });

  it('waits for a start that fails, then takes its place; refuses naming only busy agents', async () => {
    const { supervisor, states, reaches } = open(
      [
        fakeAgent('a'),
        fakeAgent('c'),
        fakeAgent('failing', ['--handshake=error:300']),
        fakeAgent('d'),
        fakeAgent('e'),
      ],
      { maxRunningAgents: 3 },
    );
    for (const name of ['a', 'c']) {
      await supervisor.start(name);
      await supervisor.use(name);
      await reaches(name, 'busy');
    }
    const failing = supervisor.start('failing').catch((error: unknown) => error);
    await reaches('failing', 'starting');
    // Two busy, one starting: d waits for that start, whose failure frees the place.
    await supervisor.start('d');
    expect(await failing).toMatchObject({ kind: 'start-failed' });
    expect(states('failing')).toEqual(['starting', 'error']);
    expect(states('d')).toEqual(['starting', 'ready']);
    await supervisor.use('d');
    await reaches('d', 'busy');
    await expect(supervisor.start('e')).rejects.toMatchObject({
      kind: 'limit',
      message: 'too many agents running: 3 agent(s) busy (a, c, d), the limit is 3',
    });
  });

  it('withdraws a start waiting behind a slow eviction when the agent is stopped', async () => {
    const { supervisor, states, events, reaches, workers } = open(
      [fakeAgent('stubborn', ['--ignore-stdin-close', '--ignore-sigterm']), fakeAgent('b')],
      { maxRunningAgents: 1 },
    );
    await supervisor.start('stubborn');
    const stubborn = workers.get('stubborn')![0]!;
    const evicted = new Promise<void>((resolve) => {
      const send = stubborn.send.bind(stubborn);
      stubborn.send = async (command) => {
        await send(command);
        if (command === 'evict') resolve();
      };
    });
    // b's start evicts stubborn, whose stop takes the whole sequence (SIGKILL at the end).
    const waiting = supervisor.start('b');
    await evicted;
    await stubborn.sync(); // the host knows stubborn is on its way out: b's start waits for it
    expect(supervisor.list()[0]).toMatchObject({ state: 'ready' });
    await supervisor.stop('b');
    await expect(waiting).rejects.toThrow('b was stopped before it was ready');
    await reaches('stubborn', 'stopped');
    await stubborn.sync(); // what the place set free led to has happened: b was not launched
    expect(workers.get('b')).toBeUndefined();
    expect(states('b')).toEqual([]);
    expect(
      events.filter((event) => event.name === 'agent:state' && event.data.agent === 'b'),
    ).toEqual([]);
  });

  it('admits concurrent starts one at a time, never more processes than the limit', async () => {
    const names = ['a', 'b', 'c', 'd'];
    const { supervisor, events } = open(
      names.map((name) => fakeAgent(name)),
      { maxRunningAgents: 2 },
    );
    const holding = new Set<string>();
    let most = 0;
    const watched = events.length;
    const results = await Promise.allSettled(names.map((name) => supervisor.start(name)));
    for (const event of events.slice(watched)) {
      if (event.name !== 'agent:state') continue;
      if (['starting', 'ready', 'busy'].includes(event.data.state)) holding.add(event.data.agent);
      else holding.delete(event.data.agent);
      most = Math.max(most, holding.size);
    }
    expect(most).toBeLessThanOrEqual(2);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(supervisor.list().filter((agent) => agent.state === 'ready')).toHaveLength(2);
  });

  it('stops a ready agent left unused for stopIdleAgentsAfter, and never a busy one', async () => {
    const clock = new SimulatedClock();
    const { supervisor, reaches, state, workers } = open(
      [fakeAgent('idle'), fakeAgent('working')],
      { stopIdleAgentsAfterMs: 600 },
      'en',
      clock,
    );
    await supervisor.start('idle');
    await supervisor.start('working');
    await supervisor.use('working');
    await reaches('working', 'busy');
    const idleCheck = () => clock.increment(testTimings.idleCheckIntervalMs);
    const settled = () => Promise.all([...workers.values()].map(([worker]) => worker!.sync()));
    // Checked every 100 ms: at 500 ms, unused for less than 600 ms, it still runs.
    for (let at = 100; at <= 500; at += 100) idleCheck();
    await settled();
    expect(state('idle')).toBe('ready');
    idleCheck();
    idleCheck();
    await reaches('idle', 'stopped');
    for (let at = 0; at < 3_000; at += 100) idleCheck();
    await settled();
    expect(state('working')).toBe('busy');
  });

  it('restarts an agent: stop, then start', async () => {
    const { supervisor, states } = open([fakeAgent('a')]);
    await supervisor.start('a');
    await supervisor.restart('a');
    expect(states('a')).toEqual(['starting', 'ready', 'stopped', 'starting', 'ready']);
  });

  it('stops every agent at once when the host quits', async () => {
    const { supervisor, state } = open(
      [fakeAgent('a', ['--ignore-stdin-close']), fakeAgent('b', ['--ignore-stdin-close'])],
      {},
    );
    await Promise.all([supervisor.start('a'), supervisor.start('b')]);
    const started = Date.now();
    await supervisor.stopAll();
    // In parallel: one stop grace, not two.
    expect(Date.now() - started).toBeLessThan(2 * 400 + 300);
    expect([state('a'), state('b')]).toEqual(['stopped', 'stopped']);
  });
});
