import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NatsChannel, type ChannelDefinition } from '../../../host/mesh/NatsChannel.ts';
import type { MeshSend } from '../../../host/mesh/MeshChannel.ts';
import { startNatsServer, type NatsServer } from '../../helpers/natsServer.ts';

let server: NatsServer;
let channelName = 0;
const opened: NatsChannel[] = [];

beforeAll(async () => {
  server = await startNatsServer({ user: 'mesh', password: 's3cret' });
});
afterAll(() => server.stop());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((channel) => channel.close()));
});

/** The hosts of one test share a channel of their own on the server. */
let name = '';
const nextChannel = () => (name = `home ${++channelName}`);

async function host(machine: string, ttlMs = 60_000, overrides: Partial<ChannelDefinition> = {}) {
  const channel = new NatsChannel(
    { name, nats: server.url, machine, user: 'mesh', password: 's3cret', ...overrides },
    ttlMs,
  );
  opened.push(channel);
  await expect.poll(() => channel.status().state, { timeout: 10_000 }).not.toBe('connecting');
  return channel;
}

const send = (channel: NatsChannel, agent: string, message: Omit<MeshSend, 'from'>) =>
  channel.send({ from: { machine: channel.machine, agent_id: agent }, ...message });

describe('the mesh over a real NATS server with JetStream', () => {
  it('carries a broadcast to every live agent of the other machine, each once', async () => {
    nextChannel();
    const laptop = await host('laptop');
    const workstation = await host('workstation');
    expect(laptop.status()).toEqual({
      name,
      nats: server.url,
      machine: 'laptop',
      state: 'connected',
    });
    await laptop.checkIn('a');
    await workstation.checkIn('b');
    await workstation.checkIn('c');

    expect(await laptop.directory('a')).toEqual({
      self: { machine: 'laptop', agent_id: 'a' },
      machines: [
        { handle: 'laptop', agents: ['a'] },
        { handle: 'workstation', agents: ['b', 'c'] },
      ],
    });
    const sent = await send(laptop, 'a', {
      to: 'workstation',
      msgType: 'freeze',
      payload: { reason: 'release' },
    });
    expect(sent).toMatchObject({
      ok: true,
      delivery: { message_id: expect.any(String) as string, delivered_to: ['b', 'c'] },
    });
    const [b, c] = [await workstation.collect('b'), await workstation.collect('c')];
    for (const inbox of [b, c]) {
      expect(inbox).toEqual([
        {
          id: sent.ok ? sent.delivery.message_id : '',
          from: { machine: 'laptop', agent_id: 'a' },
          msg_type: 'freeze',
          payload: { reason: 'release' },
          sent_at: expect.any(String) as string,
        },
      ]);
    }
    expect(await workstation.collect('b')).toEqual([]);
    expect(await laptop.collect('a')).toEqual([]);
  });

  it('answers 404 with the live agents, or the live machines', async () => {
    nextChannel();
    const laptop = await host('laptop');
    const workstation = await host('workstation');
    await laptop.checkIn('a');
    await workstation.checkIn('b');
    expect(
      await send(laptop, 'a', { to: 'workstation', toAgent: 'z', msgType: 'ping', payload: {} }),
    ).toEqual({
      ok: false,
      notFound: { status: 404, machine: 'workstation', alive: ['b'] },
    });
    expect(await send(laptop, 'a', { to: 'buildbox', msgType: 'ping', payload: {} })).toEqual({
      ok: false,
      notFound: { status: 404, machine: 'buildbox', alive: ['laptop', 'workstation'] },
    });
  });

  it('forgets an agent that stops checking in, after the time to live', async () => {
    nextChannel();
    const laptop = await host('laptop', 1_500);
    const workstation = await host('workstation', 1_500);
    await workstation.checkIn('b');
    expect((await laptop.directory('a')).machines).toContainEqual({
      handle: 'workstation',
      agents: ['b'],
    });
    // Its check-in lapses 1.5 s on: the directory forgets it then.
    await expect
      .poll(async () => (await laptop.directory('a')).machines, { timeout: 10_000 })
      .toEqual([{ handle: 'laptop', agents: [] }]);
  });

  it('keeps a message for an agent whose host restarts, and hands it out once', async () => {
    nextChannel();
    const laptop = await host('laptop');
    let workstation = await host('workstation');
    await workstation.checkIn('b');
    await send(laptop, 'a', {
      to: 'workstation',
      toAgent: 'b',
      msgType: 'handoff',
      payload: { pr: 7 },
    });
    await workstation.close();
    workstation = await host('workstation');
    expect((await workstation.collect('b')).map(({ msg_type }) => msg_type)).toEqual(['handoff']);
    expect(await workstation.collect('b')).toEqual([]);
  });

  it('says why it is not connected, without the password, and refuses tool calls clearly', async () => {
    nextChannel();
    const wrong = await host('laptop', 60_000, { password: 'not-it' });
    const status = wrong.status();
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/auth/i);
    expect(JSON.stringify(status)).not.toContain('not-it');
    await expect(wrong.checkIn('a')).rejects.toThrow(
      `the channel ${name} (${server.url}) is not connected (failed`,
    );
  });
});
