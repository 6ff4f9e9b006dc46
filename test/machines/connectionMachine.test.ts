import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { backoffMs, connectionMachine } from '../../machines/connectionMachine.ts';

function run() {
  const clock = new SimulatedClock();
  const effects: string[] = [];
  const actor = createActor(
    connectionMachine.provide({
      actions: {
        openSocket: (_, { since }) => effects.push(`open since=${since}`),
        closeSocket: () => effects.push('close'),
        loadSnapshots: () => effects.push('load'),
      },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, effects, state: () => actor.getSnapshot().value };
}

describe('the PWA’s connection', () => {
  it('loads the snapshots on its first connection, then resumes after the last seq it saw', () => {
    const { actor, clock, effects, state } = run();
    const socketOpen = () => actor.getSnapshot().hasTag('socketOpen');
    expect(effects).toEqual(['open since=0']);
    expect(socketOpen()).toBe(false);
    actor.send({ type: 'socket.opened' });
    expect(state()).toBe('resyncing');
    // Calls go through while the snapshots load: the socket is open.
    expect(socketOpen()).toBe(true);
    actor.send({ type: 'event.received', seq: 41 });
    actor.send({ type: 'snapshots.loaded' });
    actor.send({ type: 'event.received', seq: 42 });
    expect(state()).toBe('online');
    expect(socketOpen()).toBe(true);
    actor.send({ type: 'socket.closed', unauthorized: false });
    expect(state()).toBe('offline');
    expect(socketOpen()).toBe(false);
    clock.increment(backoffMs(0));
    expect(effects).toEqual(['open since=0', 'load', 'open since=42']);
    actor.send({ type: 'socket.opened' });
    expect(state()).toBe('online'); // resumed: no reload
  });

  it('backs off 0.5 s, 1 s, 2 s … up to 30 s while the host is unreachable, and retries at once when asked', () => {
    const { actor, clock, effects, state } = run();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      actor.send({ type: 'socket.closed', unauthorized: false });
      const opened = effects.length;
      let waited = 0;
      while (effects.length === opened) {
        clock.increment(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    actor.send({ type: 'socket.closed', unauthorized: false });
    actor.send({ type: 'retry' });
    expect(state()).toBe('connecting');
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'snapshots.loaded' });
    actor.send({ type: 'socket.closed', unauthorized: false });
    const opened = effects.length;
    clock.increment(500);
    expect(effects.length).toBe(opened + 1); // a success resets the backoff
  });

  it('waits in unpaired when the host refuses the pairing, without retrying on its own', () => {
    const { actor, clock, effects, state } = run();
    actor.send({ type: 'socket.closed', unauthorized: true });
    expect(state()).toBe('unpaired');
    clock.increment(60_000);
    expect(effects).toEqual(['open since=0']);
    actor.send({ type: 'retry' });
    expect(effects).toEqual(['open since=0', 'open since=0']);
  });

  it('reloads the snapshots on a resync, and goes offline if they cannot load', () => {
    const { actor, effects, state } = run();
    actor.send({ type: 'socket.opened' });
    actor.send({ type: 'snapshots.loaded' });
    actor.send({ type: 'resync.needed' });
    expect(state()).toBe('resyncing');
    actor.send({ type: 'snapshots.failed' });
    expect(state()).toBe('offline');
    expect(effects).toEqual(['open since=0', 'load', 'load', 'close']);
  });
});
