import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess, type RpcResponse } from '../helpers/hostProcess.ts';

const start = hostPerFile();
let host: HostProcess;

// One host for the whole file: what is fuzzed is whether it survives and answers everything.
beforeAll(async () => {
  host = await start(configText({ a: [] }));
}, 30_000);

const errorCodes = [-32700, -32600, -32601, -32602, -32000];
const methods = [
  'AgentService.List',
  'AgentService.Logs',
  'ConfigService.Validate',
  'ConfigService.Browse',
  'ConfigService.Current',
  'Nope.Nothing',
  '',
];

/** Request-like objects: real and fake methods, any id and params (no state-changing call). */
const requestLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.jsonValue()),
    method: fc.oneof(fc.constantFrom(...methods), fc.string()),
    params: fc.oneof(fc.array(fc.jsonValue(), { maxLength: 3 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const isAnswer = (body: RpcResponse) =>
  body.jsonrpc === '2.0' &&
  'id' in body &&
  (body.error
    ? errorCodes.includes(body.error.code) && body.error.message.length > 0
    : 'result' in body);

async function stillServing(): Promise<void> {
  expect(() => process.kill(host.pid, 0)).not.toThrow();
  expect((await host.rpc('AgentService.List')).result).toEqual([
    expect.objectContaining({ name: 'a' }),
  ]);
}

describe('fuzzing both endpoints of a real host', () => {
  it('answers any JSON, request-like object or bytes posted to /api/rpc', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value) ?? ''),
      requestLike.map((value) => JSON.stringify(value)),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const response = await host.post(sent);
        if (response.status === 204) return;
        expect(response.status).toBe(200);
        expect(isAnswer((await response.json()) as RpcResponse)).toBe(true);
      }),
      { numRuns: 150 },
    );
    await stillServing();
  });

  it('answers each WebSocket frame that has an id, and keeps the socket open', async () => {
    const client = await host.connect();
    const responses: RpcResponse[] = [];
    client.socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as RpcResponse & { method?: string };
      if (message.method !== 'event') responses.push(message);
    });
    const frame = fc.oneof(
      requestLike.map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value) ?? ''),
      fc.string(),
      fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 5 }), async (frames) => {
        const before = responses.length;
        // Each frame gets one answer, but a notification, which gets none (binary: a parse error).
        for (const sent of frames) client.socket.send(sent);
        const probe = await client.call('AgentService.List');
        expect(probe.result).toBeDefined();
        const got = responses.slice(before).filter((response) => response !== probe);
        expect(got.length).toBeLessThanOrEqual(frames.length + 1);
        for (const response of got) expect(isAnswer(response)).toBe(true);
        expect(client.socket.readyState).toBe(client.socket.OPEN);
      }),
      { numRuns: 100 },
    );
    client.close();
    await stillServing();
  });

  it('printed no uncaught error while fuzzed', () => {
    expect(host.output()).not.toMatch(/Unhandled|uncaught|TypeError|RangeError/);
  });
});
