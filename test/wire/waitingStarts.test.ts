/**
 * Starts that wait, through a real host with REFERENCE.md's own delays: a start behind a start
 * that fails is not refused, and a start behind an 8 s eviction is withdrawn by a Stop.
 */
import { describe, expect, it } from 'vitest';
import { ChatClient, script } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type WireClient } from '../helpers/hostProcess.ts';

const start = hostPerTest();

const limited = (limit: number, agents: Record<string, string[]>) =>
  configText(agents).replace('limits:\n', `limits:\n  maxRunningAgents: ${limit}\n`);

const statesOf = (wire: WireClient, agent: string) =>
  wire.events.flatMap((event) => {
    const data = event.data as { agent?: string; state?: string };
    return event.name === 'agent:state' && data.agent === agent ? [data.state] : [];
  });

describe('a start that waits, through the real host', () => {
  it('waits for a start that fails while two agents are busy, then runs', async () => {
    const host = await start(
      limited(3, {
        a: ['--session'],
        c: ['--session'],
        failing: ['--handshake=error:1000'],
        d: ['--session'],
      }),
    );
    const chat = new ChatClient(await host.connect());
    const { wire } = chat;
    for (const agent of ['a', 'c']) await chat.send(agent, script({ waitForCancel: true }));
    await expect
      .poll(() => [statesOf(wire, 'a').at(-1), statesOf(wire, 'c').at(-1)])
      .toEqual(['busy', 'busy']);
    const failing = wire.call('AgentService.Start', ['failing']);
    await expect.poll(() => statesOf(wire, 'failing')).toEqual(['starting']);
    const answer = await chat.answer('d', await chat.send('d', 'hello'));
    expect(answer).toMatchObject({ done: true, stopReason: 'end_turn' });
    expect((await failing).error).toMatchObject({ data: { kind: 'start-failed' } });
    expect(statesOf(wire, 'failing')).toEqual(['starting', 'error']);
    expect(statesOf(wire, 'd').slice(0, 2)).toEqual(['starting', 'ready']);
    const messages = (await chat.conversation('d')).messages;
    expect(messages.some((message) => message.code === 'agent-unavailable')).toBe(false);
    for (const agent of ['a', 'c']) await wire.call('ChatService.Cancel', [agent]);
  });

  it('never starts an agent whose start, behind an 8 s eviction, was withdrawn by Stop', async () => {
    const host = await start(
      limited(1, { stubborn: ['--ignore-stdin-close', '--ignore-sigterm'], b: ['--session'] }),
    );
    const chat = new ChatClient(await host.connect());
    const { wire } = chat;
    expect((await wire.call('AgentService.Start', ['stubborn'])).error).toBeUndefined();
    // b's turn and a Start of b both wait while stubborn goes through the whole stop sequence.
    const sent = await chat.send('b', 'hello');
    const started = wire.call('AgentService.Start', ['b']);
    // A wait for nothing to happen: b does not start while stubborn stops.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(statesOf(wire, 'b')).toEqual([]);
    expect((await wire.call('AgentService.Stop', ['b'])).error).toBeUndefined();
    expect((await started).error).toMatchObject({
      message: 'b was stopped before it was ready',
      data: { kind: 'start-failed' },
    });
    await expect.poll(() => chat.folded('b').busy).toBe(false);
    const conversation = await chat.settled('b');
    expect(conversation.messages).toEqual([
      expect.objectContaining({ id: sent, role: 'user', error: 'cancelled' }),
    ]);
    // The eviction ends (SIGKILL at 8 s): b still does not start.
    await expect.poll(() => statesOf(wire, 'stubborn').at(-1), { timeout: 15_000 }).toBe('stopped');
    // A wait for nothing to happen: a start left behind would come at once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(statesOf(wire, 'b')).toEqual([]);
    expect((await chat.conversation('b')).messages).toHaveLength(1);
  }, 30_000);
});
