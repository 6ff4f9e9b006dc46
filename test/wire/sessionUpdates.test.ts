/**
 * Every kind of `session/update` and what else an agent sends during a turn (issue 15, item 7),
 * through a real host and the fake agent's scripts.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ChatClient, runScript, script, textOf, withChat } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();

async function chatWith(flags: string[] = ['--session']) {
  return withChat(await start(configText({ a: flags })));
}

const toolCall = { toolCallId: 'run', title: 'Run ls', kind: 'execute', status: 'pending' };
const options = [
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

describe('what an agent sends during a turn', () => {
  it('puts an update of a kind the SDK does not know in the agent’s log, not the host’s stderr', async () => {
    const { host, chat } = await chatWith();
    const unknown = { sessionUpdate: 'hologram_update', frames: 3 };
    expect(await runScript(chat, 'a', { update: unknown }, { text: 'still here' })).toBe(
      'still here',
    );
    const logs = (await chat.wire.call('AgentService.Logs', ['a'])).result as string[];
    expect(logs).toContainEqual(expect.stringMatching(/^stdout: .*"hologram_update"/));
    expect(host.output()).not.toContain('Error handling notification');
    expect(host.output()).not.toContain('hologram_update');
  });

  it('withdraws a permission prompt the agent cancels ($/cancel_request)', async () => {
    const { chat } = await chatWith();
    const sent = await chat.send(
      'a',
      script({ permission: { toolCall, options, withdrawAfterMs: 300 } }, { text: ' then on' }),
    );
    const request = await chat.permission('a');
    expect(chat.folded('a').permissions).toEqual([request]);
    const answer = await chat.answer('a', sent);
    // The SDK answers a withdrawn request "request cancelled" (-32800).
    expect(textOf(answer)).toBe('permission: withdrawn (-32800) then on');
    expect(answer.stopReason).toBe('end_turn');
    const resolved = chat.wire.events.filter((event) => event.name === 'permission:resolved');
    expect(resolved.map((event) => event.data)).toEqual([{ id: request.id, agent: 'a' }]);
    expect((await chat.settled('a')).permissions).toEqual([]);
    // Answering it now is too late.
    expect(
      (await chat.wire.call('ChatService.AnswerPermission', [request.id, 'yes'])).error,
    ).toMatchObject({ data: { kind: 'not-found' } });
  });

  it('shows notices and compactions as system messages, and the cost with the usage', async () => {
    const { chat } = await chatWith();
    await runScript(
      chat,
      'a',
      {
        update: {
          sessionUpdate: 'notice',
          severity: 'warning',
          title: 'Rate limited',
          description: 'Retrying in 5 s.',
        },
      },
      { update: { sessionUpdate: 'notice', severity: 'catastrophic', title: 'Odd' } },
      { update: { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'in_progress' } },
      {
        update: {
          sessionUpdate: 'compaction_summary_chunk',
          compactionId: 'c1',
          content: { type: 'text', text: 'We fixed ' },
        },
      },
      {
        update: {
          sessionUpdate: 'compaction_summary_chunk',
          compactionId: 'c1',
          content: { type: 'text', text: 'the build.' },
        },
      },
      { update: { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed' } },
      {
        update: {
          sessionUpdate: 'compaction_update',
          compactionId: 'c2',
          status: 'failed',
          error: 'too long',
        },
      },
      {
        update: {
          sessionUpdate: 'usage_update',
          used: 5000,
          size: 200000,
          cost: { amount: 0.42, currency: 'USD' },
        },
      },
      {
        update: {
          sessionUpdate: 'available_commands_update',
          availableCommands: [
            { name: 'review', description: 'Review', input: { hint: 'a branch' } },
            { name: 'test', description: 'Test' },
          ],
        },
      },
      { text: 'done' },
    );
    const conversation = await chat.settled('a');
    const system = conversation.messages
      .filter((message) => message.role === 'system')
      .map(({ code, severity, parts, done, error }) => ({ code, severity, parts, done, error }));
    const text = (...texts: string[]) => texts.map((t) => ({ kind: 'text', text: t }));
    expect(system).toEqual([
      {
        code: 'notice',
        severity: 'warning',
        parts: text('Rate limited', 'Retrying in 5 s.'),
        done: true,
        error: undefined,
      },
      { code: 'notice', severity: 'info', parts: text('Odd'), done: true, error: undefined },
      {
        code: 'compaction',
        severity: undefined,
        parts: text('We fixed the build.'),
        done: true,
        error: undefined,
      },
      { code: 'compaction', severity: undefined, parts: [], done: true, error: 'too long' },
    ]);
    expect(conversation.usage).toEqual({
      used: 5000,
      size: 200000,
      cost: { amount: 0.42, currency: 'USD' },
    });
    expect(conversation.commands).toEqual([
      { name: 'review', description: 'Review', hint: 'a branch' },
      { name: 'test', description: 'Test' },
    ]);
  });
});

describe('what a tool call’s content holds', () => {
  it('keeps its images (known types, base64, within bounds) and links its resources', async () => {
    const { chat } = await chatWith();
    const png = Buffer.from('a picture').toString('base64');
    const image = (mimeType: string, data: string) => ({
      type: 'content',
      content: { type: 'image', mimeType, data },
    });
    await runScript(chat, 'a', {
      update: {
        sessionUpdate: 'tool_call',
        toolCallId: 'shot',
        title: 'Take a screenshot',
        kind: 'read',
        status: 'completed',
        content: [
          image('image/png', png),
          image('image/svg+xml', png), // not one Switchboard shows: named instead
          image('image/png', 'not base64 "quoted"'),
          {
            type: 'content',
            content: { type: 'resource_link', name: 'report', uri: 'https://example.com/r' },
          },
        ],
      },
    });
    const { messages } = await chat.settled('a');
    const tool = messages.flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'tool' ? [part.tool] : [])),
    )[0]!;
    expect(tool.images).toEqual([{ mimeType: 'image/png', data: png }]);
    expect(tool.output).toBe('[image]\n[image]\n[report](https://example.com/r)');
  });
});

describe('an agent’s budget (CONTRACT.md §8)', () => {
  const usage = (amount: number) => ({
    update: {
      sessionUpdate: 'usage_update',
      used: 10,
      size: 100,
      cost: { amount, currency: 'USD' },
    },
  });

  it('stops the answer that goes past it, drops what waits, and says why', async () => {
    const host = await start(
      configText({ a: ['--session'] }).replace('    command:', '    budget: 1\n    command:'),
    );
    const chat = new ChatClient(await host.connect());
    // Within the budget: nothing happens.
    expect(await runScript(chat, 'a', usage(0.5), { text: 'cheap' })).toBe('cheap');

    const costly = await chat.send(
      'a',
      script({ sleep: 300 }, usage(1.25), { waitForCancel: true }, { text: 'never' }),
    );
    const queued = await chat.send('a', 'and this'); // queued behind it when the cost comes
    const answer = await chat.answer('a', costly);
    expect(answer.stopReason).toBe('cancelled');
    const settled = await chat.settled('a');
    expect(settled.messages.find((message) => message.id === queued)).toMatchObject({
      error: 'cancelled',
    });
    const said = settled.messages.filter((message) => message.code === 'over-budget');
    expect(said.map((message) => textOf(message))).toEqual([
      '$1.25 spent in this conversation, past the budget of $1.00: the answer was stopped. Start a new conversation, or raise the agent’s budget in the configuration.',
    ]);

    // Still past it: a new message does not reach the agent.
    const later = await chat.send('a', 'one more');
    await expect
      .poll(
        async () =>
          (await chat.conversation('a')).messages.find((message) => message.id === later)?.error,
      )
      .toBe('cancelled');
    expect(
      (await chat.settled('a')).messages.filter((message) => message.code === 'over-budget'),
    ).toHaveLength(2);

    // A higher budget applies at once, without a restart.
    const config = await readFile(host.configPath, 'utf8');
    const saved = await chat.wire.call('ConfigService.Save', [
      config.replace('budget: 1', 'budget: 5'),
    ]);
    expect(saved.error).toBeUndefined();
    expect(await runScript(chat, 'a', { text: 'again' })).toBe('again');
  });
});
