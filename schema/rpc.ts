/**
 * The methods of the wire (CONTRACT.md §3): `Service.Method` with positional params, each param
 * described by a JSON Schema, and the type of what it answers. The host validates every request
 * against these schemas before calling its service, whose methods are checked against these types
 * (`WireService`); the app's calls are typed by them (`RpcParams`, `RpcResult`), as the ACP SDK
 * types its requests by method.
 */
import type { AgentSummary } from './agents.ts';
import { attachmentLimits, type SendAttachment } from './attachments.ts';
import type { BrowseResult, ConfigCurrent, PermissionRule, Problem } from './config.ts';
import type {
  ChatMessage,
  Conversation,
  ConversationSummary,
  PermissionRequestView,
  SearchHit,
} from './conversation.ts';
import type { DeviceView, PairingOffer } from './devices.ts';
import type { WatchResult } from './inspector.ts';
import type { MeshOverview } from './mesh.ts';
import { pushLimits, pushSubscriptionSchema, type PushSubscriptionJson } from './push.ts';

/** A param's JSON Schema. */
type ParamSchema = { title: string } & (
  | { type: 'string'; minLength?: number; maxLength?: number; enum?: readonly string[] }
  | { type: 'integer'; minimum?: number; maximum?: number }
  | { anyOf: readonly { type: 'string' | 'boolean' }[] }
  | { type: 'object'; maxProperties: number }
  | { type: 'array'; maxItems: number; items: object }
  | typeof pushSubscriptionSchema
  | {
      type: 'object';
      propertyNames: { pattern: string };
      additionalProperties: { type: 'string'; minLength: number; maxLength: number };
      maxProperties: number;
    }
);

declare const valueType: unique symbol;

/** A param: its JSON Schema, and (for the types only) the value it takes. */
type Param<T> = ParamSchema & { readonly [valueType]?: T };

/** A trailing param a call may leave out. */
type Optional<T> = Param<T> & { readonly optional: true };

const param = <T>(schema: ParamSchema): Param<T> => schema;
const optional = <T>(schema: Param<T>): Optional<T> => ({ ...schema, optional: true });
const string = (title: string, limits: { minLength?: number; maxLength?: number } = {}) =>
  param<string>({ title, type: 'string', ...limits });
const integer = (title: string, limits: { minimum?: number; maximum?: number } = {}) =>
  param<number>({ title, type: 'integer', ...limits });

/** What a method answers: for the types only, nothing to check at run time. */
const returns = <T>(): T => undefined as T;

const name = string('name', { minLength: 1 });
const text = string('text');
const conversationId = string('id', { minLength: 1 });
const terminalId = string('terminalId', { minLength: 1 });
/** The most messages `ChatService.Conversation(name, last)` and `Messages` answer at once. */
export const messagePageLimit = 1_000;
/** The sizes a login terminal may be given (`ChatService.ResizeTerminal`). */
export const terminalSizeLimits = {
  cols: { minimum: 2, maximum: 1000 },
  rows: { minimum: 1, maximum: 500 },
} as const;

const attachments = param<SendAttachment[]>({
  title: 'attachments',
  type: 'array',
  maxItems: attachmentLimits.images + attachmentLimits.files,
  items: {
    oneOf: [
      {
        type: 'object',
        required: ['kind', 'mimeType', 'data'],
        additionalProperties: false,
        properties: {
          kind: { const: 'image' },
          mimeType: { type: 'string' },
          data: { type: 'string' },
        },
      },
      {
        type: 'object',
        required: ['kind', 'path'],
        additionalProperties: false,
        properties: {
          kind: { const: 'file' },
          path: { type: 'string', minLength: 1, maxLength: 4096 },
        },
      },
    ],
  },
});

/** The variables a login adds to the agent's environment (`ChatService.Authenticate`). */
const loginEnvironment = param<Record<string, string>>({
  title: 'env',
  type: 'object',
  propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
  additionalProperties: { type: 'string', minLength: 1, maxLength: 16384 },
  maxProperties: 10,
});

export const rpc = {
  'AgentService.List': { params: [], result: returns<AgentSummary[]>() },
  'AgentService.Start': { params: [name], result: returns<void>() },
  'AgentService.Stop': { params: [name], result: returns<void>() },
  'AgentService.Restart': { params: [name], result: returns<void>() },
  'AgentService.Logs': { params: [name], result: returns<string[]>() },
  'ConfigService.Current': { params: [], result: returns<ConfigCurrent>() },
  'ConfigService.Content': { params: [], result: returns<string>() },
  'ConfigService.Validate': { params: [text], result: returns<Problem[]>() },
  'ConfigService.Save': { params: [text], result: returns<Problem[]>() },
  'ConfigService.Schema': { params: [], result: returns<object>() },
  'ConfigService.Open': { params: [string('path', { minLength: 1 })], result: returns<void>() },
  'ConfigService.Recent': { params: [], result: returns<string[]>() },
  'ConfigService.Browse': { params: [string('dir')], result: returns<BrowseResult>() },
  'ConfigService.Permissions': { params: [], result: returns<PermissionRule[]>() },
  'ConfigService.RemovePermission': {
    params: [integer('index', { minimum: 0 })],
    result: returns<void>(),
  },
  'ChatService.Send': { params: [name, text, optional(attachments)], result: returns<string>() },
  'ChatService.Files': { params: [name, optional(string('query'))], result: returns<string[]>() },
  'ChatService.Cancel': { params: [name], result: returns<void>() },
  'ChatService.AnswerPermission': {
    params: [string('id', { minLength: 1 }), string('optionId', { minLength: 1 })],
    result: returns<void>(),
  },
  'ChatService.Conversation': {
    params: [name, optional(integer('last', { minimum: 1, maximum: messagePageLimit }))],
    result: returns<Conversation>(),
  },
  'ChatService.Messages': {
    params: [
      name,
      conversationId,
      integer('before', { minimum: 0 }),
      integer('limit', { minimum: 1, maximum: messagePageLimit }),
    ],
    result: returns<ChatMessage[]>(),
  },
  'ChatService.Permissions': { params: [], result: returns<PermissionRequestView[]>() },
  'ChatService.New': { params: [name], result: returns<string>() },
  'ChatService.History': { params: [name], result: returns<ConversationSummary[]>() },
  'ChatService.Open': { params: [name, conversationId], result: returns<void>() },
  'ChatService.Search': { params: [string('query')], result: returns<SearchHit[]>() },
  'ChatService.Export': { params: [name, conversationId], result: returns<string>() },
  'ChatService.SetMode': {
    params: [name, string('modeId', { minLength: 1 })],
    result: returns<void>(),
  },
  'ChatService.SetOption': {
    params: [
      name,
      string('optionId', { minLength: 1 }),
      param<string | boolean>({ title: 'value', anyOf: [{ type: 'string' }, { type: 'boolean' }] }),
    ],
    result: returns<void>(),
  },
  'ChatService.Authenticate': {
    params: [name, string('methodId', { minLength: 1 }), optional(loginEnvironment)],
    result: returns<void>(),
  },
  'ChatService.AnswerElicitation': {
    params: [
      string('id', { minLength: 1 }),
      param<'accept' | 'decline' | 'cancel'>({
        title: 'action',
        type: 'string',
        enum: ['accept', 'decline', 'cancel'],
      }),
      optional(
        param<Record<string, unknown>>({ title: 'content', type: 'object', maxProperties: 50 }),
      ),
    ],
    result: returns<void>(),
  },
  'ChatService.KillTerminal': { params: [name, terminalId], result: returns<void>() },
  'ChatService.WriteTerminal': {
    params: [name, terminalId, string('data', { minLength: 1, maxLength: 64 * 1024 })],
    result: returns<void>(),
  },
  'ChatService.ResizeTerminal': {
    params: [
      name,
      terminalId,
      integer('cols', terminalSizeLimits.cols),
      integer('rows', terminalSizeLimits.rows),
    ],
    result: returns<void>(),
  },
  'InspectorService.Watch': { params: [name], result: returns<WatchResult>() },
  'InspectorService.Unwatch': { params: [name], result: returns<void>() },
  'MeshService.Overview': { params: [], result: returns<MeshOverview>() },
  'DeviceService.Pair': { params: [], result: returns<PairingOffer>() },
  'DeviceService.List': { params: [], result: returns<DeviceView[]>() },
  'DeviceService.Revoke': {
    params: [string('id', { minLength: 1, maxLength: 100 })],
    result: returns<void>(),
  },
  'PushService.Key': { params: [], result: returns<string>() },
  'PushService.Subscribe': {
    params: [param<PushSubscriptionJson>({ title: 'subscription', ...pushSubscriptionSchema })],
    result: returns<void>(),
  },
  'PushService.Unsubscribe': {
    params: [string('endpoint', { minLength: 1, maxLength: pushLimits.endpointLength })],
    result: returns<void>(),
  },
} as const satisfies Record<string, { params: readonly Param<unknown>[]; result: unknown }>;

export type RpcMethod = keyof typeof rpc;

/** The values of a param list, trailing optional ones optional. */
type Values<List> = List extends readonly [infer First, ...infer Rest]
  ? First extends Optional<infer T>
    ? [T?, ...Values<Rest>]
    : First extends Param<infer T>
      ? [T, ...Values<Rest>]
      : never
  : [];

/** The params of a call to `M`, in order. */
export type RpcParams<M extends RpcMethod> = Values<(typeof rpc)[M]['params']>;

/** What a call to `M` answers. */
export type RpcResult<M extends RpcMethod> = (typeof rpc)[M]['result'];

/**
 * A service of the host as the wire has it: each method of `Service` takes the params of the wire
 * (and, for some, who called last), and answers its result, now or later.
 */
export type WireService<Service extends string> = {
  [M in RpcMethod as M extends `${Service}.${infer Method}` ? Method : never]: (
    ...params: [...RpcParams<M>, never?]
  ) => RpcResult<M> | Promise<RpcResult<M>>;
};

/** The JSON Schema of a method's whole `params` array. */
export function paramsSchema(method: RpcMethod): object {
  const params: readonly (ParamSchema & { optional?: true })[] = rpc[method].params;
  const items = params.map(({ optional: _, ...schema }) => schema);
  return {
    type: 'array',
    ...(params.length > 0 ? { prefixItems: items } : {}),
    minItems: params.filter((param) => !param.optional).length,
    maxItems: params.length,
  };
}
