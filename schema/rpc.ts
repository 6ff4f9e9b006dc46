/**
 * The methods of the wire (CONTRACT.md §3): `Service.Method` with positional params, each param
 * described by a JSON Schema. The host validates every request against these before calling;
 * clients can build their calls from the same table.
 */
import { attachmentLimits } from './attachments.ts';
import { pushLimits, pushSubscriptionSchema } from './push.ts';

/** A param: its JSON Schema, and `optional` for trailing params a call may leave out. */
type ParamSchema = { title: string; optional?: true } & (
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

const name: ParamSchema = { title: 'name', type: 'string', minLength: 1 };
const text: ParamSchema = { title: 'text', type: 'string' };
const conversationId: ParamSchema = { title: 'id', type: 'string', minLength: 1 };
/** The most messages `ChatService.Conversation(name, last)` and `Messages` answer at once. */
export const messagePageLimit = 1_000;
const terminalId: ParamSchema = { title: 'terminalId', type: 'string', minLength: 1 };
/** The sizes a login terminal may be given (`ChatService.ResizeTerminal`). */
export const terminalSizeLimits = {
  cols: { minimum: 2, maximum: 1000 },
  rows: { minimum: 1, maximum: 500 },
} as const;

export const rpcMethods = {
  'AgentService.List': [],
  'AgentService.Start': [name],
  'AgentService.Stop': [name],
  'AgentService.Restart': [name],
  'AgentService.Logs': [name],
  'ConfigService.Current': [],
  'ConfigService.Content': [],
  'ConfigService.Validate': [text],
  'ConfigService.Save': [text],
  'ConfigService.Schema': [],
  'ConfigService.Open': [{ title: 'path', type: 'string', minLength: 1 }],
  'ConfigService.Recent': [],
  'ConfigService.Browse': [{ title: 'dir', type: 'string' }],
  'ConfigService.Permissions': [],
  'ConfigService.RemovePermission': [{ title: 'index', type: 'integer', minimum: 0 }],
  'ChatService.Send': [
    name,
    text,
    {
      title: 'attachments',
      optional: true,
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
    },
  ],
  'ChatService.Files': [name, { title: 'query', optional: true, type: 'string' }],
  'ChatService.Cancel': [name],
  'ChatService.AnswerPermission': [
    { title: 'id', type: 'string', minLength: 1 },
    { title: 'optionId', type: 'string', minLength: 1 },
  ],
  'ChatService.Conversation': [
    name,
    { title: 'last', optional: true, type: 'integer', minimum: 1, maximum: messagePageLimit },
  ],
  'ChatService.Messages': [
    name,
    conversationId,
    { title: 'before', type: 'integer', minimum: 0 },
    { title: 'limit', type: 'integer', minimum: 1, maximum: messagePageLimit },
  ],
  'ChatService.Permissions': [],
  'ChatService.New': [name],
  'ChatService.History': [name],
  'ChatService.Open': [name, conversationId],
  'ChatService.Search': [{ title: 'query', type: 'string' }],
  'ChatService.Export': [name, conversationId],
  'ChatService.SetMode': [name, { title: 'modeId', type: 'string', minLength: 1 }],
  'ChatService.SetOption': [
    name,
    { title: 'optionId', type: 'string', minLength: 1 },
    { title: 'value', anyOf: [{ type: 'string' }, { type: 'boolean' }] },
  ],
  'ChatService.Authenticate': [
    name,
    { title: 'methodId', type: 'string', minLength: 1 },
    {
      title: 'env',
      optional: true,
      type: 'object',
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
      additionalProperties: { type: 'string', minLength: 1, maxLength: 16384 },
      maxProperties: 10,
    },
  ],
  'ChatService.AnswerElicitation': [
    { title: 'id', type: 'string', minLength: 1 },
    { title: 'action', type: 'string', enum: ['accept', 'decline', 'cancel'] },
    { title: 'content', optional: true, type: 'object', maxProperties: 50 },
  ],
  'ChatService.KillTerminal': [name, terminalId],
  'ChatService.WriteTerminal': [
    name,
    terminalId,
    { title: 'data', type: 'string', minLength: 1, maxLength: 64 * 1024 },
  ],
  'ChatService.ResizeTerminal': [
    name,
    terminalId,
    { title: 'cols', type: 'integer', ...terminalSizeLimits.cols },
    { title: 'rows', type: 'integer', ...terminalSizeLimits.rows },
  ],
  'InspectorService.Watch': [name],
  'InspectorService.Unwatch': [name],
  'MeshService.Overview': [],
  'DeviceService.Pair': [],
  'DeviceService.List': [],
  'DeviceService.Revoke': [{ title: 'id', type: 'string', minLength: 1, maxLength: 100 }],
  'PushService.Key': [],
  'PushService.Subscribe': [{ title: 'subscription', ...pushSubscriptionSchema }],
  'PushService.Unsubscribe': [
    { title: 'endpoint', type: 'string', minLength: 1, maxLength: pushLimits.endpointLength },
  ],
} as const satisfies Record<string, readonly ParamSchema[]>;

export type RpcMethod = keyof typeof rpcMethods;

/** The JSON Schema of a method's whole `params` array. */
export function paramsSchema(method: RpcMethod): object {
  const params: readonly ParamSchema[] = rpcMethods[method];
  const items = params.map(({ optional: _, ...schema }) => schema);
  return {
    type: 'array',
    ...(params.length > 0 ? { prefixItems: items } : {}),
    minItems: params.filter((param) => !param.optional).length,
    maxItems: params.length,
  };
}
