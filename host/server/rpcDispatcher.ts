import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  JSONRPCErrorCode,
  JSONRPCErrorException,
  JSONRPCServer,
  createJSONRPCErrorResponse,
  type JSONRPCResponse,
} from 'json-rpc-2.0';
import { paramsSchema, rpc, type RpcMethod } from '../../schema/rpc.ts';
import { sayIn, type Language } from '../i18n.ts';
import { InvalidParams, ServiceError } from '../ServiceError.ts';
import type { AgentService } from '../services/AgentService.ts';
import type { ChatService } from '../services/ChatService.ts';
import type { ConfigService } from '../services/ConfigService.ts';
import type { InspectClient, InspectorService } from '../services/InspectorService.ts';
import type { MeshService } from '../services/MeshService.ts';
import type { DeviceClient, DeviceService } from '../services/DeviceService.ts';
import type { PushService } from '../services/PushService.ts';

export interface Services {
  AgentService: AgentService;
  ConfigService: ConfigService;
  ChatService: ChatService;
  InspectorService: InspectorService;
  MeshService: MeshService;
  DeviceService: DeviceService;
  PushService: PushService;
}

/**
 * Who sent a request: a WebSocket client can be sent notifications (the inspector's), and is the
 * paired device its session cookie says (`DeviceService.List`'s `current`).
 */
export interface RequestContext {
  client?: InspectClient & DeviceClient;
  /** The paired device of a `POST /api/rpc` (its session cookie's), which has no client. */
  device?: string;
}

/** -32000: a refusal or failure the user reads (CONTRACT.md §3). */
const serviceErrorCode = -32000;

/**
 * The one JSON-RPC 2.0 dispatcher behind `POST /api/rpc` and `GET /api/ws` (CONTRACT.md §3):
 * `Service.Method` with positional params, each request's params validated against
 * `schema/rpc.ts` before the service is called. It answers every input — garbage included —
 * with a JSON-RPC response, or nothing for a notification.
 */
export class RpcDispatcher {
  // Its own listener would print every refusal (a ServiceError, bad params) as unexpected: what
  // is unexpected is logged below, once.
  readonly #server = new JSONRPCServer<RequestContext | undefined>({ errorListener: () => {} });
  readonly #validators = new Map<RpcMethod, ValidateFunction>();
  readonly #say = sayIn(() => this.language());

  constructor(
    services: Services,
    private readonly language: () => Language,
    private readonly logError: (error: unknown) => void = console.error,
  ) {
    // Optional trailing params make a shorter array valid: not the full tuple strict mode wants
    // (`maxItems` still bounds it).
    const ajv = new Ajv2020({ strict: true, strictTuples: false });
    for (const method of Object.keys(rpc) as RpcMethod[]) {
      const [service, name] = method.split('.') as [keyof Services, string];
      this.#validators.set(method, ajv.compile(paramsSchema(method)));
      this.#server.addMethod(method, (params: unknown, context?: RequestContext) => {
        const args = params ?? [];
        // Named params (an object) are valid JSON-RPC but not this contract: bad params.
        if (!this.#validators.get(method)!(args)) throw this.#badParams(method);
        const target = services[service] as unknown as Record<string, (...a: unknown[]) => unknown>;
        // The client comes last, after every param (optional ones left out are `undefined`):
        // only the inspector's methods read it.
        const full = rpc[method].params.map((_, index) => (args as unknown[])[index]);
        // A POST's device, without a client to send to, is still who asks (DeviceService, PushService).
        const client: (Partial<InspectClient> & DeviceClient) | undefined =
          context?.client ??
          (context?.device === undefined ? undefined : { device: context.device });
        return target[name]!.call(services[service], ...full, client);
      });
    }
    this.#server.mapErrorToJSONRPCErrorResponse = (id, error: unknown) => {
      if (error instanceof ServiceError) {
        return createJSONRPCErrorResponse(id, serviceErrorCode, error.message, {
          kind: error.kind,
        });
      }
      if (error instanceof InvalidParams) {
        return createJSONRPCErrorResponse(id, JSONRPCErrorCode.InvalidParams, error.message);
      }
      if (error instanceof JSONRPCErrorException) {
        return createJSONRPCErrorResponse(id, error.code, error.message, error.data);
      }
      this.logError(error);
      const message = error instanceof Error ? error.message : String(error);
      return createJSONRPCErrorResponse(
        id,
        JSONRPCErrorCode.InternalError,
        this.#say('rpc.internal', { message }),
      );
    };
  }

  /** Answers one request given as text: a JSON-RPC response, or `null` for a notification. */
  async handle(text: string, context?: RequestContext): Promise<JSONRPCResponse | null> {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      return this.#error(JSONRPCErrorCode.ParseError, this.#say('rpc.parseError'));
    }
    // One request object per message: ACP-style, no batches (CONTRACT.md §3).
    if (!isRequest(request)) {
      return this.#error(JSONRPCErrorCode.InvalidRequest, this.#say('rpc.invalidRequest'));
    }
    // Own keys only: `toString` or `__proto__` are names of every object, not methods.
    if (!Object.hasOwn(rpc, request.method)) {
      if (request.id === undefined) return null;
      return createJSONRPCErrorResponse(
        request.id,
        JSONRPCErrorCode.MethodNotFound,
        this.#say('rpc.unknownMethod', { method: request.method }),
      );
    }
    return this.#server.receive(request, context);
  }

  #badParams(method: RpcMethod): JSONRPCErrorException {
    const params = rpc[method].params.map((param) => param.title).join(', ');
    return new JSONRPCErrorException(
      this.#say('rpc.badParams', { method, params }),
      JSONRPCErrorCode.InvalidParams,
    );
  }

  #error(code: number, message: string): JSONRPCResponse {
    return createJSONRPCErrorResponse(null, code, message);
  }
}

interface Request {
  jsonrpc: '2.0';
  method: string;
  id?: string | number | null;
  params?: unknown;
}

const isRequest = (value: unknown): value is Request => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { jsonrpc, method, id, params } = value as Record<string, unknown>;
  return (
    jsonrpc === '2.0' &&
    typeof method === 'string' &&
    // A number too large for a double (`1e999`) parses to Infinity: no answer could carry it back.
    (id === undefined || id === null || typeof id === 'string' || Number.isFinite(id)) &&
    (params === undefined || (typeof params === 'object' && params !== null))
  );
};
