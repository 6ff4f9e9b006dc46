import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigCurrent } from '../../schema/config.ts';
import type { MeshOverview } from '../../schema/mesh.ts';
import { ChatClient, mcpStep, runScript } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type HostProcess } from '../helpers/hostProcess.ts';
import { startNatsServer, type NatsServer } from '../helpers/natsServer.ts';

const start = hostPerTest();
let nats: NatsServer;
let channel = 0;

beforeAll(async () => {
  nats = await startNatsServer({ user: 'mesh', password: 'pa55word' });
});
afterAll(() => nats.stop());

/** A host named `machine` in the test's channel, with these fake agents. */
function configOf(machine: string, agents: Record<string, string[]>): string {
  const channels = [
    'channels:',
    `  - name: home-${channel}`,
    `    nats: ${nats.url}`,
    `    machine: ${machine}`,
    '    user: mesh',
    '    password: pa55word',
    '',
  ].join('\n');
  return configText(agents, channels);
}

async function connected(host: HostProcess): Promise<ChatClient> {
  await expect
    .poll(
      async () => ((await host.rpc('ConfigService.Current')).result as ConfigCurrent).channels,
      {
        timeout: 15_000,
      },
    )
    .toEqual([
      expect.objectContaining({ name: `home-${channel}`, nats: nats.url, state: 'connected' }),
    ]);
  return new ChatClient(await host.connect());
}

const result = (text: string): unknown => JSON.parse(text.replace(/^mcp( error)?: /, ''));
const overview = async (host: HostProcess) =>
  (await host.rpc('MeshService.Overview')).result as MeshOverview;

describe('two hosts joined by a real NATS server', () => {
  it('let an agent freeze every agent of the other machine, which read it on their next poll, both apps showing the freeze', async () => {
    channel += 1;
    const laptop = await start(configOf('laptop', { alpha: ['--session', '--mcp-http'] }));
    const workstation = await start(
      configOf('workstation', { beta: ['--session'], gamma: ['--session', '--mcp-http'] }),
    );
    const [a, w] = [await connected(laptop), await connected(workstation)];
    // The host's output never holds the channel's password.
    expect(laptop.output() + workstation.output()).not.toContain('pa55word');

    await runScript(w, 'beta', mcpStep('agent_inbox'));
    await runScript(w, 'gamma', mcpStep('agent_inbox'));
    expect(result(await runScript(a, 'alpha', mcpStep('agents_list')))).toEqual({
      self: { machine: 'laptop', agent_id: 'alpha' },
      machines: [
        { handle: 'laptop', agents: ['alpha'] },
        { handle: 'workstation', agents: ['beta', 'gamma'] },
      ],
    });

    const freeze = { to: 'workstation', msg_type: 'freeze', payload: { reason: 'release 3.1' } };
    const sent = result(await runScript(a, 'alpha', mcpStep('agent_send', freeze))) as {
      message_id: string;
      delivered_to: string[];
    };
    expect(sent.delivered_to).toEqual(['beta', 'gamma']);

    for (const agent of ['beta', 'gamma']) {
      expect(result(await runScript(w, agent, mcpStep('agent_inbox')))).toEqual({
        messages: [
          {
            id: sent.message_id,
            from: { machine: 'laptop', agent_id: 'alpha' },
            msg_type: 'freeze',
            payload: { reason: 'release 3.1' },
            sent_at: expect.any(String) as string,
          },
        ],
      });
      expect(await runScript(w, agent, mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');
    }

    // Both hosts show the freeze: the one whose agent sent it, the one whose agents received it.
    for (const host of [laptop, workstation]) {
      expect((await overview(host)).freezes).toEqual([
        {
          from: { machine: 'laptop', agent_id: 'alpha' },
          since: expect.any(String) as string,
          payload: { reason: 'release 3.1' },
        },
      ]);
    }
    // And each client heard it as it happened.
    expect(w.wire.events.filter((event) => event.name === 'mesh:message')).toHaveLength(2);

    // Cleared from the same machine, it is gone on both once received.
    await runScript(
      a,
      'alpha',
      mcpStep('agent_send', { to: 'workstation', msg_type: 'freeze-clear' }),
    );
    await runScript(w, 'beta', mcpStep('agent_inbox'));
    expect((await overview(laptop)).freezes).toEqual([]);
    expect((await overview(workstation)).freezes).toEqual([]);
  });

  it('answer 404 with what is alive, keep 16 KB, and deliver once what waited through a restart', async () => {
    channel += 1;
    const laptop = await start(configOf('laptop', { alpha: ['--session', '--mcp-http'] }));
    const workstationConfig = configOf('workstation', { beta: ['--session'] });
    const workstation = await start(workstationConfig);
    const [a, w] = [await connected(laptop), await connected(workstation)];
    await runScript(w, 'beta', mcpStep('agent_inbox'));

    expect(
      await runScript(
        a,
        'alpha',
        mcpStep('agent_send', { to: 'workstation', to_agent: 'zeta', msg_type: 'ping' }),
      ),
    ).toBe('mcp error: {"status":404,"machine":"workstation","alive":["beta"]}');
    expect(
      await runScript(a, 'alpha', mcpStep('agent_send', { to: 'buildbox', msg_type: 'ping' })),
    ).toBe('mcp error: {"status":404,"machine":"buildbox","alive":["laptop","workstation"]}');
    const payload = (bytes: number) => ({ x: 'a'.repeat(bytes - '{"x":""}'.length) });
    const big = { to: 'workstation', to_agent: 'beta', msg_type: 'note' };
    expect(
      result(
        await runScript(a, 'alpha', mcpStep('agent_send', { ...big, payload: payload(16_384) })),
      ),
    ).toMatchObject({ delivered_to: ['beta'] });
    expect(
      await runScript(a, 'alpha', mcpStep('agent_send', { ...big, payload: payload(16_385) })),
    ).toMatch(/^mcp error: \{"status":413/);
    await runScript(
      a,
      'alpha',
      mcpStep('agent_send', {
        to: 'workstation',
        to_agent: 'beta',
        msg_type: 'handoff',
        payload: { pr: 9 },
      }),
    );

    expect(await workstation.stop()).toBe(0);
    const again = await start(workstationConfig, [], {
      SWITCHBOARD_STATE_DIR: join(workstation.folder, 'state'),
    });
    const w2 = await connected(again);
    const inbox = result(await runScript(w2, 'beta', mcpStep('agent_inbox'))) as {
      messages: { msg_type: string }[];
    };
    expect(inbox.messages.map(({ msg_type }) => msg_type)).toEqual(['note', 'handoff']);
    expect(await runScript(w2, 'beta', mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');
  });
});
