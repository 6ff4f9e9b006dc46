import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { script } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest, type HostProcess, type RpcResponse } from '../helpers/hostProcess.ts';

const start = hostPerTest();

type Call = (method: string, params?: unknown[]) => Promise<RpcResponse>;

/** The same calls over both transports. */
const transports: [string, (host: HostProcess) => Promise<Call>][] = [
  ['POST /api/rpc', (host) => Promise.resolve(host.rpc)],
  [
    'GET /api/ws',
    async (host) => {
      const client = await host.connect();
      return (method, params) => client.call(method, params);
    },
  ],
];

const errorOf = (response: RpcResponse) => ({
  code: response.error?.code,
  kind: response.error?.data?.kind,
  message: response.error?.message,
});

describe.each(transports)('every service method over %s', (_name, open) => {
  it('runs AgentService: List, Start, Logs, Restart, Stop, and its errors', async () => {
    const host = await start(
      configText({ a: ['--stderr-lines=2'], b: ['--handshake=protocol:2'] }),
    );
    const call = await open(host);
    expect((await call('AgentService.List')).result).toEqual([
      expect.objectContaining({ name: 'a', state: 'stopped', title: 'a', outdated: false }),
      expect.objectContaining({ name: 'b', state: 'stopped' }),
    ]);
    expect(await call('AgentService.Start', ['a'])).toMatchObject({ result: null });
    expect((await call('AgentService.List')).result).toContainEqual(
      expect.objectContaining({ name: 'a', state: 'ready' }),
    );
    await expect
      .poll(async () => (await call('AgentService.Logs', ['a'])).result)
      .toEqual(['stderr line 1', 'stderr line 2']);
    expect(await call('AgentService.Restart', ['a'])).toMatchObject({ result: null });
    expect(await call('AgentService.Stop', ['a'])).toMatchObject({ result: null });
    expect(errorOf(await call('AgentService.Start', ['b']))).toEqual({
      code: -32000,
      kind: 'start-failed',
      message: expect.stringContaining('speaks ACP version 2') as string,
    });
    expect(errorOf(await call('AgentService.Stop', ['nobody']))).toEqual({
      code: -32000,
      kind: 'unknown-agent',
      message: 'unknown agent “nobody”',
    });
  });

  it('refuses a start over the limit with the contract’s sentence', async () => {
    const limited = (agents: Record<string, string[]>) =>
      configText(agents).replace('limits:\n', 'limits:\n  maxRunningAgents: 1\n');
    const host = await start(limited({ a: ['--session'], b: [] }));
    const call = await open(host);
    // A turn that waits keeps a busy until it is cancelled.
    await call('ChatService.Send', ['a', script({ waitForCancel: true })]);
    await expect
      .poll(async () => (await call('AgentService.List')).result)
      .toContainEqual(expect.objectContaining({ name: 'a', state: 'busy' }));
    expect(errorOf(await call('AgentService.Start', ['b']))).toEqual({
      code: -32000,
      kind: 'limit',
      message: 'too many agents running: 1 agent(s) busy (a), the limit is 1',
    });
    expect(await call('ChatService.Cancel', ['a'])).toMatchObject({ result: null });
  });

  it('runs ConfigService: Current, Content, Validate, Save, Schema, Recent, Browse, Open', async () => {
    const host = await start(configText({ a: [] }));
    const call = await open(host);
    expect((await call('ConfigService.Current')).result).toMatchObject({
      path: host.configPath,
      source: 'flag',
      valid: true,
    });
    expect((await call('ConfigService.Content')).result).toBe(configText({ a: [] }));
    const broken = 'agents:\n  a: {}\n';
    const problems = (await call('ConfigService.Validate', [broken])).result as unknown[];
    expect(problems).toEqual([
      { line: 2, column: 6, message: '`agents.a` needs a `command`', warning: false },
    ]);
    expect((await call('ConfigService.Save', [broken])).result).toEqual(problems);
    expect((await call('ConfigService.Save', [configText({ a: [], c: [] })])).result).toEqual([]);
    await expect
      .poll(async () =>
        ((await call('AgentService.List')).result as { name: string }[]).map((agent) => agent.name),
      )
      .toEqual(['a', 'c']);
    expect((await call('ConfigService.Schema')).result).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    });
    expect((await call('ConfigService.Recent')).result).toEqual([]);
    const other = join(host.folder, 'other.yaml');
    await writeFile(other, configText({ z: [] }));
    expect((await call('ConfigService.Browse', [host.folder])).result).toMatchObject({
      dir: host.folder,
      entries: expect.arrayContaining([{ name: 'other.yaml', dir: false }]) as unknown,
    });
    expect(await call('ConfigService.Open', [other])).toMatchObject({ result: null });
    expect((await call('ConfigService.Recent')).result).toEqual([other]);
    expect(
      errorOf(await call('ConfigService.Open', [join(host.folder, 'missing.yaml')])),
    ).toMatchObject({
      code: -32000,
      kind: 'not-found',
    });
    await writeFile(join(host.folder, 'broken.yaml'), broken);
    expect(
      errorOf(await call('ConfigService.Open', [join(host.folder, 'broken.yaml')])),
    ).toMatchObject({
      code: -32000,
      kind: 'invalid-config',
    });
    expect(errorOf(await call('ConfigService.Browse', [join(host.folder, 'nope')]))).toMatchObject({
      code: -32000,
      kind: 'not-found',
    });
  });

  it('answers an unknown method and bad params with JSON-RPC errors', async () => {
    const host = await start(configText({ a: [] }));
    const call = await open(host);
    expect(errorOf(await call('AgentService.Fly', []))).toEqual({
      code: -32601,
      kind: undefined,
      message: 'unknown method “AgentService.Fly”',
    });
    expect(errorOf(await call('AgentService.Start', []))).toEqual({
      code: -32602,
      kind: undefined,
      message: 'AgentService.Start takes (name)',
    });
    expect(errorOf(await call('AgentService.Start', [42]))).toMatchObject({ code: -32602 });
    expect(errorOf(await call('ConfigService.Save', ['a', 'b']))).toMatchObject({ code: -32602 });
  });
});

describe('POST /api/rpc with what is not one request', () => {
  it('answers garbage, batches and notifications as JSON-RPC says', async () => {
    const host = await start(configText({ a: [] }));
    const parse = await host.post('{not json');
    expect(parse.status).toBe(200);
    expect(await parse.json()).toMatchObject({ id: null, error: { code: -32700 } });
    const batch = await host.post(
      JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'AgentService.List' }]),
    );
    expect(await batch.json()).toMatchObject({ id: null, error: { code: -32600 } });
    const notification = await host.post(
      JSON.stringify({ jsonrpc: '2.0', method: 'AgentService.List' }),
    );
    expect(notification.status).toBe(204);
  });
});
