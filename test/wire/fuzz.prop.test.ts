import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { setTimeout } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { isAlive } from '../helpers/agents.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess, type RpcResponse } from '../helpers/hostProcess.ts';
import { someBytes, someFrame, someRequest } from './fuzzArbitraries.ts';
import { error, expectedFor, expectResponse, type ExpectedResponse } from './fuzzOracle.ts';

/**
 * Fuzzing of both endpoints of one real host process (CONTRACT.md §3): whatever a client sends,
 * the host answers each request with one JSON-RPC response (an error for every bad one), stays
 * up, and throws nothing it does not catch. The oracle below says which answer each input gets.
 */

/** Each property's runs; a failure lists every failing input, the first (unshrunk) one too. */
const runs = { numRuns: 150, verbose: fc.VerbosityLevel.Verbose };

// --- The host ---------------------------------------------------------------------------------

// One host for the whole file: what is fuzzed is whether it survives and answers everything.
const start = hostPerFile();
let host: HostProcess;

beforeAll(async () => {
  host = await start(configText({ a: [] }));
});

/** The host process runs and answers. */
async function expectAlive(): Promise<void> {
  expect(isAlive(host.pid)).toBe(true);
  expect((await host.rpc('AgentService.List')).result).toEqual([
    expect.objectContaining({ name: 'a' }),
  ]);
}

/** POSTs `body` and checks the answer against the oracle. */
async function postAndCheck(body: Uint8Array, headers: Record<string, string> = {}): Promise<void> {
  const expected = expectedFor(Buffer.from(body).toString('utf8'));
  const response = await host.post(Buffer.from(body), headers);
  const text = await response.text();
  if (expected.kind === 'nothing') {
    expect({ status: response.status, text }).toEqual({ status: 204, text: '' });
    return;
  }
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({
    status: 200,
    type: expect.stringMatching(/^application\/json/) as string,
  });
  expectResponse(JSON.parse(text) as RpcResponse, expected);
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text));

describe('POST /api/rpc, fuzzed', () => {
  it('answers arbitrary JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        await postAndCheck(utf8(JSON.stringify(value)));
        await expectAlive();
      }),
      runs,
    );
  });

  it('answers objects shaped like requests, real methods and garbage', async () => {
    await fc.assert(
      fc.asyncProperty(someRequest, async (request) => {
        await postAndCheck(utf8(JSON.stringify(request) ?? ''));
        await expectAlive();
      }),
      runs,
    );
  });

  it('answers arbitrary bytes, invalid UTF-8 included', async () => {
    // Found by this property: an id too large for a double parses to Infinity.
    const hugeId = utf8(
      '{"jsonrpc":"2.0","id":1.0007978982267052e+2089,"method":"AgentService.Start"}',
    );
    await fc.assert(
      fc.asyncProperty(someBytes, async (bytes) => {
        await postAndCheck(bytes);
        await expectAlive();
      }),
      { ...runs, examples: [[hugeId]] },
    );
  });

  it('answers whatever the Content-Type header says', async () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    });
    const contentType = fc.oneof(
      fc.constantFrom('text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x'),
      printable,
    );
    const list = utf8(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'AgentService.List' }));
    await fc.assert(
      fc.asyncProperty(contentType, async (type) => {
        await postAndCheck(list, { 'content-type': type });
        await expectAlive();
      }),
      // Found by this property: headers that are no media type get Fastify's 415.
      { ...runs, examples: [[''], ['a'], ['/'], ['"']] },
    );
  });

  it('takes a name every object has for an unknown method, as any other', async () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      expect((await host.rpc(name)).error).toEqual({
        code: -32601,
        message: `unknown method “${name}”`,
      });
      // A notification of an unknown method gets no answer, whatever else it carries.
      const notification = { jsonrpc: '2.0', method: name, result: 1 };
      await postAndCheck(utf8(JSON.stringify(notification)));
    }
  });
});

/** Every message a socket gets that is not an event, in order. */
function responsesOf(socket: WebSocket): RpcResponse[] {
  const responses: RpcResponse[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as RpcResponse & { method?: string };
    if (message.method !== 'event') responses.push(message);
  });
  return responses;
}

const idKey = (id: unknown) => JSON.stringify(id);

/** Resolves once `done()` holds, or after `timeoutMs` (the assertions after it then tell why). */
async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done() && performance.now() < deadline) await setTimeout(2);
}

describe('GET /api/ws, fuzzed', () => {
  it('answers each text frame with an id exactly once, and stays open', async () => {
    let sentinels = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(someFrame, { maxLength: 8 }), async (frames) => {
        const client = await host.connect();
        const responses = responsesOf(client.socket);
        const expected: ExpectedResponse[] = [];
        for (const frame of frames) {
          if ('binary' in frame) {
            client.socket.send(frame.binary, { binary: true });
            expected.push(error(null, -32700));
          } else {
            client.socket.send(frame.text);
            const answer = expectedFor(Buffer.from(frame.text).toString('utf8'));
            if (answer.kind === 'response') expected.push(answer);
          }
        }
        await waitFor(() => responses.length >= expected.length, 5_000);
        // A last call, answered after everything before it was read: late extras would show.
        const sentinel = `sentinel-${++sentinels}`;
        client.socket.send(
          JSON.stringify({ jsonrpc: '2.0', id: sentinel, method: 'AgentService.List' }),
        );
        await waitFor(() => responses.some((r) => r.id === sentinel), 5_000);
        const answers = responses.filter((response) => response.id !== sentinel);
        expect(answers.map((r) => idKey(r.id)).sort()).toEqual(
          expected.map((e) => idKey(e.id)).sort(),
        );
        // Several frames may share an id: each response fits one of those frames.
        for (const response of answers) {
          const candidates = expected.filter((e) => idKey(e.id) === idKey(response.id));
          const fits = candidates.some((candidate) => {
            try {
              expectResponse(response, candidate);
              return true;
            } catch {
              return false;
            }
          });
          expect({ response, fits }).toEqual({ response, fits: true });
        }
        expect(client.socket.readyState).toBe(client.socket.OPEN);
        client.close();
        await expectAlive();
      }),
      runs,
    );
  });

  it('closes with 1007 on a text frame that is not UTF-8, and lives on', async () => {
    const notUtf8 = fc
      .tuple(fc.uint8Array({ maxLength: 50 }), fc.constantFrom(0x80, 0xc0, 0xe0, 0xf8, 0xff))
      .map(([bytes, bad]) => Buffer.concat([Buffer.from(bytes), Buffer.from([bad])]))
      .filter((bytes) => !isUtf8(bytes));
    await fc.assert(
      fc.asyncProperty(notUtf8, async (bytes) => {
        const client = await host.connect();
        const closed = new Promise<number>((resolve) =>
          client.socket.once('close', (code: number) => resolve(code)),
        );
        client.socket.send(bytes, { binary: false });
        expect(await closed).toBe(1007);
        await expectAlive();
      }),
      runs,
    );
  });

  it('opens with any ?since= and answers on it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.integer().map(String)), async (since) => {
        const client = await host.connect(`?since=${encodeURIComponent(since)}`);
        const answer = await client.call('AgentService.List');
        expect(answer.result).toEqual([expect.objectContaining({ name: 'a' })]);
        // A resync maybe, then held events in order.
        const events = client.events[0]?.name === 'resync' ? client.events.slice(1) : client.events;
        expect(events.map((event) => event.name)).not.toContain('resync');
        events.forEach((event, i) => i === 0 || expect(event.seq).toBe(events[i - 1]!.seq + 1));
        client.close();
      }),
      runs,
    );
  });
});

describe('the host’s log after the fuzzing', () => {
  it('has no refusal logged as an unexpected error', () => {
    const lines = host.output().split('\n');
    expect(lines.filter((line) => line.includes('An unexpected error occurred'))).toEqual([]);
  });
});

describe('the host after the fuzzing', () => {
  it('threw nothing it did not catch', async () => {
    await expectAlive();
    expect(host.output()).not.toMatch(/unhandled|uncaught|TypeError|RangeError/i);
  });
});
