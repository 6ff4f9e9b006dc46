import { describe, expect, it } from 'vitest';
import { fakeAgent, isAlive, testTimings } from '../helpers/agents.ts';
import { harnessPerTest } from '../helpers/supervisorHarness.ts';

const open = harnessPerTest();

describe('an agent through its lifecycle, real worker and real process', () => {
  it('goes stopped → starting → ready → stopped through start and stop', async () => {
    const { supervisor, states, state } = open([fakeAgent('a')]);
    expect(state('a')).toBe('stopped');
    await supervisor.start('a');
    expect(state('a')).toBe('ready');
    await supervisor.start('a'); // already ready: resolves at once
    await supervisor.stop('a');
    expect(states('a')).toEqual(['starting', 'ready', 'stopped']);
    expect(supervisor.list()[0]).toMatchObject({ name: 'a', state: 'stopped', error: '' });
  });

  it('goes ready → busy when used, and back to ready when the last user is done', async () => {
    const { supervisor, states, reaches, workers } = open([fakeAgent('a')]);
    await supervisor.start('a');
    await supervisor.use('a');
    await supervisor.use('a');
    await reaches('a', 'busy');
    await supervisor.release('a');
    await workers.get('a')![0]!.sync(); // whatever the release led to has reached the host
    expect(states('a').at(-1)).toBe('busy');
    await supervisor.release('a');
    await reaches('a', 'ready');
    expect(states('a')).toEqual(['starting', 'ready', 'busy', 'ready']);
  });

  it('stops a busy agent', async () => {
    const { supervisor, states, reaches } = open([fakeAgent('a')]);
    await supervisor.start('a');
    await supervisor.use('a');
    await reaches('a', 'busy');
    await supervisor.stop('a');
    expect(states('a')).toEqual(['starting', 'ready', 'busy', 'stopped']);
  });

  it('fails a handshake that never comes after the timeout, and leaves no process', async () => {
    const { supervisor, states, printedPid } = open([
      fakeAgent('a', ['--handshake=never', '--report-pid', '--ignore-stdin-close']),
    ]);
    const started = Date.now();
    const start = supervisor.start('a');
    await expect(start).rejects.toMatchObject({ kind: 'start-failed' });
    await expect(start).rejects.toThrow(
      `did not answer the ACP handshake within ${testTimings.handshakeTimeoutMs / 1000} s`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(testTimings.handshakeTimeoutMs);
    expect(states('a')).toEqual(['starting', 'error']);
    const pid = printedPid('a', 'agent');
    expect(pid).toBeGreaterThan(0);
    expect(isAlive(pid!)).toBe(false);
  });

  it('refuses an agent that speaks another protocol version', async () => {
    const { supervisor, state } = open([fakeAgent('a', ['--handshake=protocol:2'])]);
    await expect(supervisor.start('a')).rejects.toThrow(
      'the agent speaks ACP version 2; Switchboard speaks version 1',
    );
    expect(state('a')).toBe('error');
  });

  it('reports an agent that answers initialize with an error', async () => {
    const { supervisor } = open([fakeAgent('a', ['--handshake=error'])]);
    await expect(supervisor.start('a')).rejects.toThrow('fake agent refuses to initialize');
  });

  it('reports a command that does not exist', async () => {
    const missing = { ...fakeAgent('a'), command: 'switchboard-no-such-command', args: [] };
    const { supervisor, states } = open([missing]);
    await expect(supervisor.start('a')).rejects.toThrow(
      'could not run “switchboard-no-such-command”: command not found',
    );
    expect(states('a')).toEqual(['starting', 'error']);
  });

  it('reports an exit during the start with its code and last stderr lines', async () => {
    const { supervisor } = open([fakeAgent('a', ['--exit-before-handshake=7'])], {}, 'fr');
    const failure = supervisor.start('a');
    await expect(failure).rejects.toThrow(
      'l’agent s’est arrêté pendant son démarrage (code de sortie 7)',
    );
    await expect(failure).rejects.toThrow(
      'Ses dernières lignes de sortie d’erreur :\nfake agent: failing line 1\nfake agent: failing line 2\nfake agent: failing line 3',
    );
  });

  it('logs stray stdout lines and still completes the handshake', async () => {
    const { supervisor, events } = open([fakeAgent('a', ['--garbage-stdout'])]);
    await supervisor.start('a');
    expect(supervisor.logs('a')).toEqual(
      expect.arrayContaining(['stdout: this is not json', 'stdout: {broken']),
    );
    expect(events).toContainEqual({
      name: 'agent:log',
      data: { agent: 'a', line: 'stdout: this is not json' },
    });
  });

  it('goes to error when the process exits on its own, and is never restarted by itself', async () => {
    const { supervisor, states, reaches, state, workers } = open([
      fakeAgent('a', ['--crash-after-ready=300:5']),
    ]);
    await supervisor.start('a');
    await reaches('a', 'error');
    expect(supervisor.list()[0]?.error).toBe('the agent exited on its own (exit code 5)');
    // Whatever the crash led to in the worker has reached the host: no start of its own.
    await workers.get('a')![0]!.sync();
    expect(states('a')).toEqual(['starting', 'ready', 'error']);
    // error → starting on request only.
    await supervisor.start('a');
    expect(state('a')).toBe('ready');
  });

  it('goes from busy to error when the process exits on its own mid-use', async () => {
    const { supervisor, states, reaches } = open([fakeAgent('a', ['--crash-after-ready=600'])]);
    await supervisor.start('a');
    await supervisor.use('a');
    await reaches('a', 'error');
    expect(states('a')).toEqual(['starting', 'ready', 'busy', 'error']);
    expect(supervisor.list()[0]?.error).toBe('the agent exited on its own (exit code 3)');
  });

  it('lets a start end before a stop requested meanwhile, then stops', async () => {
    const { supervisor, states, reaches } = open([fakeAgent('a', ['--handshake=delay:600'])]);
    const start = supervisor.start('a');
    await reaches('a', 'starting');
    await supervisor.stop('a');
    await expect(start).rejects.toThrow('a was stopped before it was ready');
    expect(states('a')).toEqual(['starting', 'stopped']);
  });

  it('starts again once an agent stopped during its start is gone', async () => {
    const { supervisor, states, reaches } = open([fakeAgent('a', ['--handshake=delay:600'])]);
    const first = supervisor.start('a');
    const firstFails = expect(first).rejects.toThrow('a was stopped before it was ready');
    await reaches('a', 'starting');
    const stopped = supervisor.stop('a');
    // Requested right after the stop, before the worker has even heard of it: it comes after.
    await supervisor.start('a');
    await firstFails;
    await stopped;
    expect(states('a')).toEqual(['starting', 'stopped', 'starting', 'ready']);
  });

  it('stops an agent that ignores stdin and SIGTERM, and its child, with SIGKILL', async () => {
    const { supervisor, printedPid, reaches } = open([
      fakeAgent('a', [
        '--ignore-stdin-close',
        '--ignore-sigterm',
        '--child-ignores-sigterm',
        '--report-pid',
      ]),
    ]);
    await supervisor.start('a');
    await expect.poll(() => printedPid('a', 'child')).toBeGreaterThan(0);
    const [agent, child] = [printedPid('a', 'agent')!, printedPid('a', 'child')!];
    const started = Date.now();
    await supervisor.stop('a');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(testTimings.stopGraceMs + testTimings.killGraceMs);
    await reaches('a', 'stopped');
    expect(isAlive(agent)).toBe(false);
    await expect.poll(() => isAlive(child)).toBe(false);
  });

  it('kills what is left of the group when the agent leaves its child behind', async () => {
    const { supervisor, printedPid } = open([
      fakeAgent('a', ['--child-ignores-sigterm', '--report-pid']),
    ]);
    await supervisor.start('a');
    await expect.poll(() => printedPid('a', 'child')).toBeGreaterThan(0);
    const child = printedPid('a', 'child')!;
    await supervisor.stop('a');
    await expect.poll(() => isAlive(child)).toBe(false);
  });

  it('takes only its own agent to error when a worker dies, and leaves no process behind', async () => {
    const { supervisor, workers, printedPid, reaches, state } = open([
      fakeAgent('a', [
        '--ignore-stdin-close',
        '--ignore-sigterm',
        '--child-ignores-sigterm',
        '--report-pid',
      ]),
      fakeAgent('b'),
    ]);
    await Promise.all([supervisor.start('a'), supervisor.start('b')]);
    await expect.poll(() => printedPid('a', 'child')).toBeGreaterThan(0);
    const [agent, child] = [printedPid('a', 'agent')!, printedPid('a', 'child')!];
    await workers.get('a')![0]!.thread.terminate();
    await reaches('a', 'error');
    expect(supervisor.list()[0]?.error).toMatch(/^the agent’s worker thread stopped/);
    await expect.poll(() => isAlive(agent)).toBe(false);
    await expect.poll(() => isAlive(child)).toBe(false);
    expect(state('b')).toBe('ready');
  });

  it('keeps the last 200 stderr lines', async () => {
    const { supervisor } = open([fakeAgent('a', ['--stderr-lines=250'])]);
    await supervisor.start('a');
    await expect.poll(() => supervisor.logs('a').at(-1)).toBe('stderr line 250');
    const logs = supervisor.logs('a');
    expect(logs).toHaveLength(200);
    expect(logs[0]).toBe('stderr line 51');
  });

  it('answers an unknown agent with its own error', async () => {
    const { supervisor } = open([fakeAgent('a')], {}, 'fr');
    await expect(supervisor.start('zzz')).rejects.toMatchObject({
      kind: 'unknown-agent',
      message: 'agent inconnu « zzz »',
    });
    expect(() => supervisor.logs('zzz')).toThrow('agent inconnu « zzz »');
  });
});
