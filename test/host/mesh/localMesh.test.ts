import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMesh } from '../../../host/mesh/LocalMesh.ts';
import { MeshServer, type MeshAccess } from '../../../host/mesh/MeshServer.ts';
import { maxPayloadBytes } from '../../../schema/mesh.ts';

const ttlMs = 60_000;
let folder: string;
let clock: number;
let mesh: LocalMesh;
let server: MeshServer;
const clients: Client[] = [];

const openMesh = () =>
  LocalMesh.open({
    machine: 'laptop',
    file: join(folder, 'mesh', 'local.json'),
    ttlMs,
    now: () => clock,
  });

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'switchboard-mesh-'));
  clock = Date.parse('2026-11-30T10:00:00Z');
  mesh = await openMesh();
  server = await MeshServer.start(() => mesh);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await server.close();
  await mesh.close();
  await rm(folder, { recursive: true, force: true });
});

/** An MCP client of the mesh, as the agent `access` was given to. */
async function agent({ url, bearer }: MeshAccess) {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
    }),
  );
  clients.push(client);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    expect(result.content).toHaveLength(1);
    return { json: JSON.parse(result.content[0]!.text) as unknown, isError: !!result.isError };
  };
  return { call };
}

describe('the mesh of one machine, through its MCP server', () => {
  it('lists the live agents, delivers a broadcast to each but the sender, once', async () => {
    const a = await agent(server.admit('a'));
    const b = await agent(server.admit('b'));
    const c = await agent(server.admit('c'));
    await b.call('agent_inbox');
    await c.call('agent_inbox');

    expect((await a.call('agents_list')).json).toEqual({
      self: { machine: 'laptop', agent_id: 'a' },
      machines: [{ handle: 'laptop', agents: ['b', 'c', 'a'] }],
    });
    const sent = await a.call('agent_send', {
      to: 'laptop',
      msg_type: 'freeze',
      payload: { reason: 'release 2.0' },
    });
    expect(sent.isError).toBe(false);
    expect(sent.json).toEqual({
      message_id: expect.any(String) as string,
      delivered_to: ['b', 'c'],
    });

    const inbox = await b.call('agent_inbox');
    expect(inbox.json).toEqual({
      messages: [
        {
          id: (sent.json as { message_id: string }).message_id,
          from: { machine: 'laptop', agent_id: 'a' },
          msg_type: 'freeze',
          payload: { reason: 'release 2.0' },
          sent_at: '2026-11-30T10:00:00.000Z',
        },
      ],
    });
    expect((await b.call('agent_inbox')).json).toEqual({ messages: [] });
    expect((await c.call('agent_inbox')).json).toMatchObject({
      messages: [{ msg_type: 'freeze' }],
    });
    expect((await a.call('agent_inbox')).json).toEqual({ messages: [] });
  });

  it('answers 404 with the live agent_ids for a dead to_agent, and the live machines for an unknown one', async () => {
    const a = await agent(server.admit('a'));
    const b = await agent(server.admit('b'));
    await b.call('agent_inbox');
    expect(await a.call('agent_send', { to: 'laptop', to_agent: 'zed', msg_type: 'ping' })).toEqual(
      {
        json: { status: 404, machine: 'laptop', alive: ['b', 'a'] },
        isError: true,
      },
    );
    expect(await a.call('agent_send', { to: 'buildbox', msg_type: 'ping' })).toEqual({
      json: { status: 404, machine: 'buildbox', alive: ['laptop'] },
      isError: true,
    });
    expect(
      (await a.call('agent_send', { to: 'laptop', to_agent: 'b', msg_type: 'ping' })).json,
    ).toEqual({ message_id: expect.any(String) as string, delivered_to: ['b'] });
  });

  it('accepts a payload of 16 KB of JSON and refuses one byte more', async () => {
    const a = await agent(server.admit('a'));
    const b = await agent(server.admit('b'));
    await b.call('agent_inbox');
    const payloadOf = (bytes: number) => ({ x: 'a'.repeat(bytes - '{"x":""}'.length) });
    const fits = await a.call('agent_send', {
      to: 'laptop',
      msg_type: 'note',
      payload: payloadOf(maxPayloadBytes),
    });
    expect(fits.json).toMatchObject({ delivered_to: ['b'] });
    const tooBig = await a.call('agent_send', {
      to: 'laptop',
      msg_type: 'note',
      payload: payloadOf(maxPayloadBytes + 1),
    });
    expect(tooBig).toEqual({
      json: {
        status: 413,
        error: `the payload is ${maxPayloadBytes + 1} bytes of JSON; at most 16384`,
      },
      isError: true,
    });
    const inbox = (await b.call('agent_inbox')).json as { messages: { payload: unknown }[] };
    expect(inbox.messages.map(({ payload }) => payload)).toEqual([payloadOf(maxPayloadBytes)]);
  });

  it('forgets an agent that has not checked in within the time to live', async () => {
    const a = await agent(server.admit('a'));
    const b = await agent(server.admit('b'));
    await b.call('agent_inbox');
    clock += ttlMs - 1;
    expect((await a.call('agents_list')).json).toMatchObject({
      machines: [{ agents: ['b', 'a'] }],
    });
    clock += 1;
    expect((await a.call('agents_list')).json).toMatchObject({ machines: [{ agents: ['a'] }] });
    expect(
      (await a.call('agent_send', { to: 'laptop', to_agent: 'b', msg_type: 'ping' })).json,
    ).toEqual({ status: 404, machine: 'laptop', alive: ['a'] });
  });

  it('keeps what waits across a restart of the host, and delivers it once', async () => {
    const a = await agent(server.admit('a'));
    const b = await agent(server.admit('b'));
    await b.call('agent_inbox');
    await a.call('agent_send', { to: 'laptop', msg_type: 'handoff', payload: { branch: 'x' } });
    await a.call('agent_send', { to: 'laptop', msg_type: 'note', payload: { n: 2 } });

    await Promise.all(clients.splice(0).map((client) => client.close()));
    await server.close();
    await mesh.close();
    mesh = await openMesh();
    server = await MeshServer.start(() => mesh);

    const b2 = await agent(server.admit('b'));
    const inbox = (await b2.call('agent_inbox')).json as { messages: { msg_type: string }[] };
    expect(inbox.messages.map(({ msg_type }) => msg_type)).toEqual(['handoff', 'note']);
    expect((await b2.call('agent_inbox')).json).toEqual({ messages: [] });
  });

  it('lets no agent speak as another, nor anyone in without a bearer of a running agent', async () => {
    const access = server.admit('a');
    const a = await agent(access);
    expect(await a.call('agent_send', { to: 'laptop', from_agent: 'b', msg_type: 'ping' })).toEqual(
      {
        json: { status: 403, error: 'you are a, not b' },
        isError: true,
      },
    );
    await expect(agent({ url: access.url, bearer: 'wrong' })).rejects.toThrow(/401|bearer/);
    // A new run of the agent gets a new bearer: the old one opens nothing.
    server.admit('a');
    await expect(agent(access)).rejects.toThrow(/401|bearer/);
  });

  it('refuses a request whose Host is not the loopback address it listens on (DNS rebinding)', async () => {
    const { url, bearer } = server.admit('a');
    // fetch() would not send another Host: a raw request does, as a rebound name would.
    const host = `evil.example:${new URL(url).port}`;
    expect(await rawToolsList(url, { Host: host, Authorization: `Bearer ${bearer}` })).toBe(403);
  });

  it('refuses every request that carries a browser Origin, even with a bearer', async () => {
    const { url, bearer } = server.admit('a');
    const authorization = `Bearer ${bearer}`;
    const origins = [
      'https://evil.example',
      new URL(url).origin, // the server's own
      'http://127.0.0.1:7777', // the app's
      'http://localhost',
      'null',
      '',
    ];
    for (const origin of origins) {
      expect(
        await rawToolsList(url, { Authorization: authorization, Origin: origin }),
        origin,
      ).toBe(403);
    }
    expect(await rawToolsList(url, { Origin: 'https://evil.example' }, 'OPTIONS')).toBe(403);
    expect(await rawToolsList(url, { Authorization: authorization })).toBe(200);
  });
});

/** The status of a raw `tools/list` request with exactly these headers (and Node's Host). */
function rawToolsList(
  url: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const request = httpRequest(url, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject);
    request.end(method === 'POST' ? body : undefined);
  });
}
