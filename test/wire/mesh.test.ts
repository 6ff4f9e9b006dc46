import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatClient, mcpStep, runScript, script, textOf } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();
const machine = hostname();

/** `alpha` speaks MCP over HTTP; `beta` only runs MCP servers as commands (the stdio bridge). */
const config = configText({
  alpha: ['--session', '--mcp-http'],
  beta: ['--session'],
});

/** The JSON of a chunk `mcp: {…}`. */
const result = (text: string): unknown => JSON.parse(text.replace(/^mcp: /, ''));

describe('the agent mesh of one host, through the tools its agents were given', () => {
  it('offers its MCP server over HTTP or the stdio bridge, and carries a freeze from one agent to the other once', async () => {
    const host = await start(config);
    const chat = new ChatClient(await host.connect());

    expect(await runScript(chat, 'alpha', { echoMcpServers: true })).toBe('http switchboard-mesh');
    expect(await runScript(chat, 'beta', { echoMcpServers: true })).toBe('stdio switchboard-mesh');
    // beta checks in through its bridge: its first poll finds nothing.
    expect(await runScript(chat, 'beta', mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');

    expect(result(await runScript(chat, 'alpha', mcpStep('agents_list')))).toEqual({
      self: { machine, agent_id: 'alpha' },
      machines: [{ handle: machine, agents: ['beta', 'alpha'] }],
    });

    // The send is a tool call like any other: the agent asks first, the user allows it.
    const sendId = await chat.send(
      'alpha',
      script(
        {
          permission: {
            toolCall: { toolCallId: 'send-1', title: 'agent_send freeze', kind: 'other' },
            options: [
              { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
              { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
            ],
          },
        },
        mcpStep('agent_send', {
          to: machine,
          msg_type: 'freeze',
          payload: { reason: 'release 2.0 is going out' },
          from_agent: 'alpha',
        }),
      ),
    );
    const permission = await chat.permission('alpha');
    const answered = await chat.wire.call('ChatService.AnswerPermission', [permission.id, 'allow']);
    expect(answered.error).toBeUndefined();
    const sent = textOf(await chat.answer('alpha', sendId));
    expect(sent).toMatch(/^permission: selected allowmcp: /);
    const delivery = result(sent.replace(/^permission: selected allow/, '')) as {
      message_id: string;
      delivered_to: string[];
    };
    expect(delivery.delivered_to).toEqual(['beta']);

    const inbox = result(await runScript(chat, 'beta', mcpStep('agent_inbox')));
    expect(inbox).toEqual({
      messages: [
        {
          id: delivery.message_id,
          from: { machine, agent_id: 'alpha' },
          msg_type: 'freeze',
          payload: { reason: 'release 2.0 is going out' },
          sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      ],
    });
    expect(await runScript(chat, 'beta', mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');

    // A dead to_agent: the 404 names the live ones.
    expect(
      await runScript(
        chat,
        'alpha',
        mcpStep('agent_send', { to: machine, to_agent: 'gamma', msg_type: 'ping' }),
      ),
    ).toBe(`mcp error: {"status":404,"machine":"${machine}","alive":["beta","alpha"]}`);
  });

  it('delivers, once, what waited for an agent while the host restarted', async () => {
    const first = await start(config);
    const chat = new ChatClient(await first.connect());
    await runScript(chat, 'beta', mcpStep('agent_inbox'));
    await runScript(
      chat,
      'alpha',
      mcpStep('agent_send', {
        to: machine,
        to_agent: 'beta',
        msg_type: 'handoff',
        payload: { pr: 42 },
      }),
    );
    expect(await first.stop()).toBe(0);

    const second = await start(config, [], { SWITCHBOARD_STATE_DIR: join(first.folder, 'state') });
    const again = new ChatClient(await second.connect());
    const inbox = result(await runScript(again, 'beta', mcpStep('agent_inbox'))) as {
      messages: { msg_type: string; payload: unknown; from: unknown }[];
    };
    expect(inbox.messages).toMatchObject([
      { msg_type: 'handoff', payload: { pr: 42 }, from: { machine, agent_id: 'alpha' } },
    ]);
    expect(await runScript(again, 'beta', mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');
  });
});
