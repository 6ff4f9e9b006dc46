/**
 * The oracle of the wire's fuzzing (`fuzz.prop.test.ts`): the answer JSON-RPC 2.0 and CONTRACT.md
 * §3 ask for each message a client may send, as the host decodes it, and the check of a response
 * against it.
 */
import { expect } from 'vitest';
import { rpc, type RpcMethod } from '../../schema/rpc.ts';
import type { RpcResponse } from '../helpers/hostProcess.ts';

type Id = string | number | null;

/** One response the host must send. */
export interface ExpectedResponse {
  kind: 'response';
  id: Id;
  /** The error codes it may carry. */
  codes: readonly number[];
  /** Whether a `result` is a right answer too. */
  result: boolean;
}

/** What the host must answer to one message: nothing (a notification), or one response. */
type Expected = { kind: 'nothing' } | ExpectedResponse;

export const error = (id: Id, ...codes: number[]): ExpectedResponse => ({
  kind: 'response',
  id,
  codes,
  result: false,
});

const isRpcMethod = (method: string): method is RpcMethod => Object.hasOwn(rpc, method);

/** Whether `params` fit the method's positional params (schema/rpc.ts); absent is `[]`. */
export function validParams(method: RpcMethod, params: unknown): boolean {
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
export function expectedFor(text: string): Expected {
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
export function expectResponse(response: RpcResponse, expected: ExpectedResponse): void {
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
