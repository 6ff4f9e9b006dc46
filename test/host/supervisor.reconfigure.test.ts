import { describe, expect, it } from 'vitest';
import { fakeAgent, isAlive } from '../helpers/agents.ts';
import { harnessPerTest } from '../helpers/supervisorHarness.ts';

const open = harnessPerTest();
const limits = { maxRunningAgents: 3, stopIdleAgentsAfterMs: 0 };

describe('a new configuration applied to running agents', () => {
  it('adds new agents in the new order, and stops and removes the ones that are gone', async () => {
    const { supervisor, states, printedPid } = open([
      fakeAgent('a', ['--report-pid']),
      fakeAgent('b'),
    ]);
    await supervisor.start('a');
    await expect.poll(() => printedPid('a', 'agent')).toBeGreaterThan(0);
    const pid = printedPid('a', 'agent')!;
    supervisor.reconfigure([fakeAgent('c'), fakeAgent('b')], limits, 'en');
    expect(supervisor.list().map((agent) => agent.name)).toEqual(['c', 'b']);
    await expect.poll(() => states('a').at(-1)).toBe('stopped');
    expect(isAlive(pid)).toBe(false);
    await expect(supervisor.start('a')).rejects.toMatchObject({ kind: 'unknown-agent' });
    await supervisor.start('c');
  });

  it('marks a running agent outdated when its launch changes, until it restarts', async () => {
    const { supervisor, events } = open([fakeAgent('a')]);
    await supervisor.start('a');
    supervisor.reconfigure([fakeAgent('a', ['--stderr-lines=2'])], limits, 'en');
    await expect.poll(() => supervisor.list()[0]?.outdated).toBe(true);
    expect(events.at(-1)).toEqual({
      name: 'agent:state',
      data: { agent: 'a', state: 'ready', outdated: true },
    });
    await supervisor.restart('a');
    expect(supervisor.list()[0]).toMatchObject({ state: 'ready', outdated: false });
    await expect.poll(() => supervisor.logs('a')).toContain('stderr line 2');
  });

  it('applies title, icon and description at once, without marking the agent outdated', async () => {
    const { supervisor, events } = open([fakeAgent('a')]);
    await supervisor.start('a');
    const renamed = { ...fakeAgent('a'), title: 'Agent A', icon: '🅰️', description: 'the first' };
    supervisor.reconfigure([renamed], limits, 'en');
    expect(supervisor.list()[0]).toMatchObject({
      title: 'Agent A',
      icon: '🅰️',
      description: 'the first',
      state: 'ready',
      outdated: false,
    });
    expect(events.at(-1)).toEqual({
      name: 'agent:state',
      data: { agent: 'a', state: 'ready', outdated: false },
    });
  });

  it('does not mark a stopped agent outdated: its next start uses the new definition', async () => {
    const { supervisor } = open([fakeAgent('a')]);
    supervisor.reconfigure([fakeAgent('a', ['--stderr-lines=1'])], limits, 'en');
    expect(supervisor.list()[0]?.outdated).toBe(false);
    await supervisor.start('a');
    await expect.poll(() => supervisor.logs('a')).toContain('stderr line 1');
  });

  it('applies new limits and a new language to what follows', async () => {
    const { supervisor, reaches } = open([fakeAgent('a'), fakeAgent('b')]);
    await supervisor.start('a');
    await supervisor.use('a');
    await reaches('a', 'busy');
    supervisor.reconfigure(
      [fakeAgent('a'), fakeAgent('b')],
      { maxRunningAgents: 1, stopIdleAgentsAfterMs: 0 },
      'fr',
    );
    await expect(supervisor.start('b')).rejects.toThrow(
      'trop d’agents en marche : 1 agent(s) occupé(s) (a), la limite est 1',
    );
  });
});
