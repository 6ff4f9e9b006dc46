import { describe, expect, it } from 'vitest';
import { fakeAgent } from '../helpers/agents.ts';
import { harnessPerTest } from '../helpers/supervisorHarness.ts';

const open = harnessPerTest();

describe('a turn that waits for its agent, real worker and real process', () => {
  // The property test's counterexample (seed -1979544199): Send, Cancel, Stop, Send, limit 1.
  it('waits for its own start, not for the start of a turn cancelled before it', async () => {
    const { chat, supervisor, states, reaches } = open(
      [fakeAgent('b', ['--session', '--handshake=delay:600'])],
      { maxRunningAgents: 1 },
    );
    await chat.Send('b', 'first');
    await reaches('b', 'starting');
    await chat.Cancel('b');
    const stopped = supervisor.stop('b');
    // While b still starts for the cancelled turn, stopping once the start ends.
    await chat.Send('b', 'second');
    await stopped;
    await expect
      .poll(() => chat.Conversation('b').messages.at(-1)?.stopReason, { timeout: 5_000 })
      .toBe('end_turn');
    const messages = chat.Conversation('b').messages;
    expect(messages.map((message) => message.code ?? message.role)).not.toContain(
      'agent-unavailable',
    );
    expect(states('b').slice(0, 4)).toEqual(['starting', 'stopped', 'starting', 'ready']);
  });
});
