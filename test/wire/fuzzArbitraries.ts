/**
 * What the wire's fuzzing (`fuzz.prop.test.ts`) sends: requests right and wrong, objects shaped
 * like them, bytes that are not UTF-8, characters that trouble parsers, as fast-check arbitraries.
 */
import fc from 'fast-check';
import type { RpcMethod } from '../../schema/rpc.ts';
import { validParams } from './fuzzOracle.ts';

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

export const someRequest = fc.oneof(
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
export const someBytes = fc.oneof(
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
export const someFrame: fc.Arbitrary<Frame> = fc.oneof(
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
