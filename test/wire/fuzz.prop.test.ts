import fc from 'fast-check';
import { isUtf8 } from 'node:buffer';
import { setTimeout } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { rpc, type RpcMethod } from '../../schema/rpc.ts';
import { isAlive } from '../helpers/agents.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess, type RpcResponse } from '../helpers/hostProcess.ts';

/**
 * Fuzzing of both endpoints of one real host process (CONTRACT.md §3): whatever a client sends,
 * the host answers each request with one JSON-RPC response (an error for every bad one), stays
 * up, and throws nothing it does not catch. The oracle below says which answer each input gets.
 */

/** Each property's runs; a failure lists every failing input, the first (unshrunk) one too. */
const runs = { numRuns: 150, verbose: fc.VerbosityLevel.Verbose };

// --- The oracle ---------------------------------------------------------------------------

type Id = string | number | null;

/** One response the host must send. */
interface ExpectedResponse {
  kind: 'response';
  id: Id;
  /** The error codes it may carry. */
  codes: readonly number[];
  /** Whether a `result` is a right answer too. */
  result: boolean;
}

/** What the host must answer to one message: nothing (a notification), or one response. */
type Expected = { kind: 'nothing' } | ExpectedResponse;

const error = (id: Id, ...codes: number[]): ExpectedResponse => ({
  kind: 'response',
  id,
  codes,
  result: false,
});

const isRpcMethod = (method: string): method is RpcMethod => Object.hasOwn(rpc, method);

/** Whether `params` fit the method's positional params (schema/rpc.ts); absent is `[]`. */
function validParams(method: RpcMethod, params: unknown): boolean {
  const args = params ?? [];
  const table: readonly {
    type?: string;
    optional?: true;
    anyOf?: readonly { type: string }[];
    minLength?: number;
    enum?: readonly string[];
    minimum?: number;
    propertyNames?: { pattern: string };
    additionalProperties?: boolean | { minLength: number; maxLength: number };
    maxProperties?: number;
    properties?: object;
  }[] = rpc[method].params;
  const required = table.filter((param) => !param.optional).length;
  return (
    Array.isArray(args) &&
    args.length >= required &&
    args.length <= table.length &&
    args.every((arg: unknown, i) => {
      const param = table[i]!;
      if (param.anyOf) return param.anyOf.some(({ type }) => type === typeof arg);
      if (param.properties) return validSubscription(arg);
      if (param.type === 'object' && typeof param.additionalProperties !== 'boolean') {
        return validMap(arg, { ...param, additionalProperties: param.additionalProperties });
      }
      return param.type === 'string'
        ? typeof arg === 'string' &&
            arg.length >= (param.minLength ?? 0) &&
            (param.enum === undefined || param.enum.includes(arg))
        : Number.isInteger(arg) && (arg as number) >= (param.minimum ?? -Infinity);
    })
  );
}

/** A map of names to strings (`ChatService.Authenticate`'s `env`). */
function validMap(
  arg: unknown,
  param: {
    propertyNames?: { pattern: string };
    additionalProperties?: { minLength: number; maxLength: number };
    maxProperties?: number;
  },
): boolean {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return false;
  const entries = Object.entries(arg);
  if (entries.length > (param.maxProperties ?? Infinity)) return false;
  // A map of names to strings, or (`AnswerElicitation`'s content) any object.
  if (!param.additionalProperties) return true;
  const { minLength, maxLength } = param.additionalProperties;
  return entries.every(
    ([key, value]) =>
      new RegExp(param.propertyNames?.pattern ?? '').test(key) &&
      typeof value === 'string' &&
      value.length >= minLength &&
      value.length <= maxLength,
  );
}

/** A Web Push subscription as `PushService.Subscribe` takes it (schema/push.ts). */
function validSubscription(arg: unknown): boolean {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(arg) || !isObject(arg.keys)) return false;
  const { endpoint, expirationTime, keys } = arg;
  return (
    Object.keys(arg).every((key) => ['endpoint', 'expirationTime', 'keys'].includes(key)) &&
    typeof endpoint === 'string' &&
    endpoint.length >= 1 &&
    endpoint.length <= 2048 &&
    (expirationTime === undefined ||
      expirationTime === null ||
      typeof expirationTime === 'number') &&
    Object.keys(keys).length === 2 &&
    /^[A-Za-z0-9_-]{87}=?$/.test(String(keys.p256dh)) &&
    /^[A-Za-z0-9_-]{22}(==)?$/.test(String(keys.auth)) &&
    typeof keys.p256dh === 'string' &&
    typeof keys.auth === 'string'
  );
}

/** The answer JSON-RPC 2.0 and CONTRACT.md §3 ask for `text`, one message as the host decodes it. */
function expectedFor(text: string): Expected {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return error(null, -32700);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return error(null, -32600); // batches included: one request per message
  }
  const { jsonrpc, method, id, params } = value as Record<string, unknown>;
  const validId = id === undefined || id === null || typeof id === 'string' || Number.isFinite(id);
  const validParamsShape = params === undefined || (typeof params === 'object' && params !== null);
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !validId || !validParamsShape) {
    return error(null, -32600);
  }
  const requestId = id as Id | undefined;
  if (!isRpcMethod(method)) {
    return requestId === undefined ? { kind: 'nothing' } : error(requestId, -32601);
  }
  // A request that also carries `result` or `error` is not a request (it looks like a response).
  if ('result' in value || 'error' in value) return error(requestId ?? null, -32600);
  if (requestId === undefined) return { kind: 'nothing' };
  if (!validParams(method, params)) return error(requestId, -32602);
  // A subscription of the right shape may still name no push service, or no P-256 key: -32602.
  const codes = method === 'PushService.Subscribe' ? [-32000, -32602] : [-32000];
  return { kind: 'response', id: requestId, codes, result: true };
}

/** Checks one JSON-RPC response against what was expected. */
function expectResponse(response: RpcResponse, expected: ExpectedResponse): void {
  expect(response).toMatchObject({ jsonrpc: '2.0', id: expected.id });
  if (response.error === undefined) {
    expect({ result: 'result' in response, allowed: expected.result }).toEqual({
      result: true,
      allowed: true,
    });
    return;
  }
  expect(response).not.toHaveProperty('result');
  expect(expected.codes).toContain(response.error.code);
  expect(response.error.message).toEqual(expect.any(String));
  expect(response.error.message).not.toBe('');
}

// --- Arbitraries ------------------------------------------------------------------------------

/** Methods that only read, so any params may go: the host's state stays the same. */
const readOnlyMethods: RpcMethod[] = [
  'AgentService.List',
  'AgentService.Logs',
  'ConfigService.Current',
  'ConfigService.Content',
  'ConfigService.Validate',
  'ConfigService.Schema',
  'ConfigService.Recent',
  'ConfigService.Browse',
  'ChatService.Permissions',
  'PushService.Key',
];
/** Methods that change the host's state: fuzzed with bad params only, which are refused first. */
const stateMethods: RpcMethod[] = [
  'AgentService.Start',
  'AgentService.Stop',
  'AgentService.Restart',
  'ConfigService.Save',
  'ConfigService.Open',
  'PushService.Subscribe',
  'PushService.Unsubscribe',
];

const someJson = fc.jsonValue({ maxDepth: 2 });
const id = fc.oneof(
  { arbitrary: fc.integer(), weight: 3 },
  { arbitrary: fc.string(), weight: 2 },
  fc.double(),
  fc.constant(null),
  someJson,
);
const params = fc.oneof(
  fc.array(fc.string(), { maxLength: 2 }),
  fc.array(someJson, { maxLength: 3 }),
  someJson,
);
const method = fc.oneof(
  { arbitrary: fc.constantFrom(...readOnlyMethods), weight: 4 },
  { arbitrary: fc.string(), weight: 2 },
  // Near misses. Names every object has (`toString`…) have their own test below: the host takes
  // them for its methods, and they would hide every other finding here.
  fc.constantFrom(
    'AgentService',
    'AgentService.',
    '.List',
    'agentservice.list',
    'AgentService.List ',
    'ChatService.Send',
  ),
  someJson,
);

/** Requests as a client would write them, right or wrong: method, params, an id or none. */
const wellFormed = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.option(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), {
    freq: 5,
    nil: undefined,
  }),
  method: fc.oneof({ arbitrary: fc.constantFrom(...readOnlyMethods), weight: 6 }, method),
  params: fc.oneof(
    { arbitrary: fc.constant([]), weight: 2 },
    { arbitrary: fc.tuple(fc.string()), weight: 2 },
    params,
  ),
});

/** Objects shaped like requests, each key present or not; no state-changing call. */
const requestLike = fc.record(
  {
    jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 6 }, someJson),
    id,
    method,
    params,
    result: someJson,
    error: someJson,
  },
  { requiredKeys: [] },
);

/** Calls of the state-changing methods whose params the host must refuse before calling. */
const refusedStateCall = fc
  .record({
    jsonrpc: fc.constant('2.0'),
    id: fc.option(id, { nil: undefined }),
    method: fc.constantFrom(...stateMethods),
    params: fc.option(params, { nil: undefined }),
  })
  .filter((request) => !validParams(request.method, request.params));

const someRequest = fc.oneof(
  { arbitrary: wellFormed, weight: 4 },
  { arbitrary: requestLike, weight: 2 },
  refusedStateCall,
  someJson.filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
);

/** Bytes that keep a JSON string a string once decoded, though often not UTF-8. */
const stringBytes = fc
  .uint8Array({ maxLength: 20 })
  .map(
    (bytes) =>
      new Uint8Array(
        bytes.map((byte) => (byte < 0x20 || byte === 0x22 || byte === 0x5c ? 0x3f : byte)),
      ),
  );

/**
 * Bytes: anything; a request's JSON with bytes (often not UTF-8) spliced in anywhere; or a
 * read-only call whose string param holds such bytes.
 */
const someBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(someRequest, fc.uint8Array({ minLength: 1, maxLength: 4 }), fc.nat())
    .map(([request, bytes, at]) => {
      const json = Buffer.from(JSON.stringify(request) ?? '');
      const cut = json.length === 0 ? 0 : at % json.length;
      return new Uint8Array(Buffer.concat([json.subarray(0, cut), bytes, json.subarray(cut)]));
    }),
  fc
    .tuple(
      fc.constantFrom('AgentService.Logs', 'ConfigService.Validate', 'ConfigService.Browse'),
      fc.integer(),
      stringBytes,
    )
    .map(([method, requestId, bytes]) => {
      const [before, after] = JSON.stringify({
        jsonrpc: '2.0',
        id: requestId,
        method,
        params: ['\u0000'],
      }).split('\\u0000') as [string, string];
      return new Uint8Array(Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]));
    }),
);

/** Characters that trouble decoders and parsers: lone surrogates, U+FFFD, NUL, JSON's own. */
const trickyText = fc.string({
  unit: fc.constantFrom(
    '\uD800',
    '\uDFFF',
    '\uFFFD',
    '\u0000',
    '\u2028',
    '"',
    '\\',
    '{',
    '}',
    'a',
    'é',
  ),
});

/** One WebSocket message: text (its UTF-8 is what the host reads) or binary. */
type Frame = { text: string } | { binary: Uint8Array };
const someFrame: fc.Arbitrary<Frame> = fc.oneof(
  { arbitrary: someRequest.map((request) => ({ text: JSON.stringify(request) ?? '' })), weight: 4 },
  fc.oneof(fc.string({ unit: 'binary' }), trickyText).map((text) => ({ text })),
  fc.jsonValue().map((value) => ({ text: JSON.stringify(value) ?? '' })),
  // A read-only call whose string param holds those characters unescaped.
  fc
    .tuple(
      fc.constantFrom('AgentService.Logs', 'ConfigService.Validate', 'ConfigService.Browse'),
      fc.integer(),
      trickyText.map((text) => text.replace(/["\\]/g, '?').replaceAll('\u0000', '?')),
    )
    .map(([method, requestId, text]) => ({
      text: `{"jsonrpc":"2.0","id":${requestId},"method":"${method}","params":["${text}"]}`,
    })),
  fc.uint8Array({ maxLength: 100 }).map((binary) => ({ binary })),
);

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
