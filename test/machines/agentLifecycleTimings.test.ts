import { describe, expect, it } from 'vitest';
import { handshakeFailures, ignoresEverything, LifecycleWorld } from './lifecycleHarness.ts';

const signals = (world: LifecycleWorld) =>
  world.effects.filter((effect) => effect.kind !== 'spawn').map(({ kind, at }) => [kind, at]);

/** Started at 0, with a process that ignores stdin close and SIGTERM. */
const startedWorld = () => {
  const world = new LifecycleWorld();
  world.nextBehaviour = ignoresEverything;
  world.send({ type: 'agent.start' });
  return world;
};

describe('the timings of REFERENCE.md, to the millisecond', () => {
  it('fails an unanswered handshake at 30 000 ms, not at 29 999, then kills the process', () => {
    const world = startedWorld();
    world.clock.advance(29_999);
    expect(world.state).toBe('starting');
    expect(world.snapshot.context.failure).toBeNull();
    expect(signals(world)).toEqual([]);

    world.clock.advance(1);
    expect(world.snapshot.context.failure).toEqual({ kind: 'handshake-timeout', seconds: 30 });
    expect(signals(world)).toEqual([['closeStdin', 30_000]]);

    // `error` means "no process": the agent shows `starting` until the stop sequence ends.
    world.clock.advance(7_999);
    expect(world.state).toBe('starting');
    world.clock.advance(1);
    expect(world.state).toBe('error');
    expect(world.snapshot.context.failure?.kind).toBe('handshake-timeout');
    expect(signals(world)).toEqual([
      ['closeStdin', 30_000],
      ['SIGTERM', 35_000],
      ['SIGKILL', 38_000],
      ['SIGKILL', 38_000], // whatever the group still holds once the process is gone
    ]);
  });

  it('sends SIGTERM at 5 000 ms and SIGKILL at 8 000 ms after a stop, not a millisecond earlier', () => {
    const world = startedWorld();
    world.send({ type: 'agent.handshakeSucceeded' });
    world.clock.advance(1_000);
    world.send({ type: 'agent.stop' });

    world.clock.advance(4_999);
    expect(signals(world)).toEqual([['closeStdin', 1_000]]);
    world.clock.advance(1);
    expect(signals(world)).toEqual([
      ['closeStdin', 1_000],
      ['SIGTERM', 6_000],
    ]);
    world.clock.advance(2_999);
    expect(world.state).toBe('ready');
    world.clock.advance(1);
    expect(world.state).toBe('stopped');
    expect(signals(world)).toEqual([
      ['closeStdin', 1_000],
      ['SIGTERM', 6_000],
      ['SIGKILL', 9_000],
      ['SIGKILL', 9_000],
    ]);
  });

  it('stops as soon as the process exits on stdin close, without SIGTERM', () => {
    const world = new LifecycleWorld();
    world.nextBehaviour = { onStdinClose: 4_999, onSigterm: null };
    world.send({ type: 'agent.start' });
    world.send({ type: 'agent.handshakeSucceeded' });
    world.send({ type: 'agent.stop' });
    world.clock.advance(10_000);
    expect(world.state).toBe('stopped');
    expect(signals(world)).toEqual([
      ['closeStdin', 0],
      ['SIGKILL', 4_999],
    ]);
  });

  it('lets a start end before stopping when the stop comes while the handshake is pending', () => {
    const world = startedWorld();
    world.send({ type: 'agent.stop' });
    world.clock.advance(1_000);
    expect(signals(world)).toEqual([]);
    world.send({ type: 'agent.handshakeSucceeded' });
    expect(world.state).toBe('starting');
    world.clock.advance(8_000);
    expect(world.state).toBe('stopped');
    expect(world.snapshot.context.failure).toBeNull();
  });
});

// The start has ended once its handshake failed or timed out: the agent still has a process for
// up to 8 s and shows `starting`, but a stop then does not hide why the start failed.
describe('a stop requested after the start failed, while its process is still being stopped', () => {
  it('ends `error` with the handshake failure after a failed handshake', () => {
    const world = startedWorld();
    world.send({ type: 'agent.handshakeFailed', failure: handshakeFailures[0]! });
    world.clock.advance(1_000);
    expect(world.state).toBe('starting');
    world.send({ type: 'agent.stop' });
    world.clock.advance(7_000);
    expect(world.state).toBe('error');
    expect(world.actor.getSnapshot().context.failure).toEqual(handshakeFailures[0]);
  });

  it('ends `error` with the timeout after the handshake timed out', () => {
    const world = startedWorld();
    world.clock.advance(31_000);
    expect(world.state).toBe('starting');
    world.send({ type: 'agent.stop' });
    world.clock.advance(7_000);
    expect(world.state).toBe('error');
    expect(world.actor.getSnapshot().context.failure).toMatchObject({ kind: 'handshake-timeout' });
  });
});
