import {
  client,
  methods,
  type AgentCapabilities,
  type ClientCapabilities,
  type ClientConnection,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  type CreateTerminalRequest,
  type CreateTerminalResponse,
  type Implementation,
  type ReadTextFileRequest,
  type ReadTextFileResponse,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type Stream,
  type TerminalExitStatus,
  type TerminalOutputResponse,
  type WriteTextFileRequest,
} from '@agentclientprotocol/sdk';
import type { AgentFailure } from '../schema/agents.ts';

/** The only ACP version Switchboard speaks. */
const protocolVersion = 1;

export type HandshakeResult =
  | { ok: true; capabilities: AgentCapabilities; agentInfo: Implementation | null }
  | { ok: false; failure: AgentFailure };

/** What the client side of ACP does with the agent's requests and notifications. */
export interface ClientHandlers {
  sessionUpdate(notification: SessionNotification): void;
  /** A notification ACP does not define (an agent's own, as `qwen/notify/…`). */
  otherNotification(method: string, params: unknown): void;
  /** `signal` aborts when the agent withdraws the request (`$/cancel_request`). */
  requestPermission(
    request: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse>;
  readTextFile(request: ReadTextFileRequest): Promise<ReadTextFileResponse>;
  writeTextFile(request: WriteTextFileRequest): Promise<void>;
  /** `signal` aborts when the agent withdraws the request (`$/cancel_request`). */
  createElicitation(
    request: CreateElicitationRequest,
    signal: AbortSignal,
  ): Promise<CreateElicitationResponse>;
  completeElicitation(elicitationId: string): void;
  /** `terminal/*`: https://agentclientprotocol.com/protocol/v1/terminals */
  createTerminal(request: CreateTerminalRequest): Promise<CreateTerminalResponse>;
  terminalOutput(terminalId: string): TerminalOutputResponse;
  waitForTerminalExit(terminalId: string): Promise<TerminalExitStatus>;
  killTerminal(terminalId: string): void;
  releaseTerminal(terminalId: string): void;
}

/**
 * What Switchboard implements of the client side, advertised as such: the file system,
 * terminals, terminal logins, notices and compaction updates, boolean config options,
 * elicitations (forms and links)
 * (https://agentclientprotocol.com/protocol/v1/initialization#client-capabilities).
 */
const clientCapabilities: ClientCapabilities = {
  fs: { readTextFile: true, writeTextFile: true },
  terminal: true,
  auth: { terminal: true },
  session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
  elicitation: { form: {}, url: {} },
};

/**
 * Opens the client side of an ACP connection on `stream`. Session updates are handled
 * synchronously, so they apply in the order they arrive, before the `session/prompt` response
 * that follows them.
 */
export function connectToAgent(stream: Stream, handlers: ClientHandlers): ClientConnection {
  return client({ name: 'switchboard' })
    .onNotification(methods.client.session.update, ({ params }) => handlers.sessionUpdate(params))
    .onRequest(methods.client.session.requestPermission, ({ params, signal }) =>
      handlers.requestPermission(params, signal),
    )
    .onRequest(methods.client.fs.readTextFile, ({ params }) => handlers.readTextFile(params))
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => handlers.writeTextFile(params))
    .onRequest(methods.client.elicitation.create, ({ params, signal }) =>
      handlers.createElicitation(params, signal),
    )
    .onNotification(methods.client.elicitation.complete, ({ params }) =>
      handlers.completeElicitation(params.elicitationId),
    )
    .onRequest(methods.client.terminal.create, ({ params }) => handlers.createTerminal(params))
    .onRequest(methods.client.terminal.output, ({ params }) =>
      handlers.terminalOutput(params.terminalId),
    )
    .onRequest(methods.client.terminal.waitForExit, ({ params }) =>
      handlers.waitForTerminalExit(params.terminalId),
    )
    .onRequest(methods.client.terminal.kill, ({ params }) => {
      handlers.killTerminal(params.terminalId);
      return {};
    })
    .onRequest(methods.client.terminal.release, ({ params }) => {
      handlers.releaseTerminal(params.terminalId);
      return {};
    })
    .onNotification('*', ({ method, params }) => handlers.otherNotification(method, params))
    .connect(stream);
}

/**
 * Runs `initialize` and checks the agent answers with ACP v1. The 30 s limit is the lifecycle
 * machine's, not this function's: it waits as long as the connection is open.
 */
export async function initializeAgent(connection: ClientConnection): Promise<HandshakeResult> {
  try {
    const response = await connection.agent.request(methods.agent.initialize, {
      protocolVersion,
      clientCapabilities,
      clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0.1.0' },
    });
    if (response.protocolVersion !== protocolVersion) {
      return {
        ok: false,
        failure: { kind: 'protocol-mismatch', version: response.protocolVersion },
      };
    }
    return {
      ok: true,
      capabilities: response.agentCapabilities ?? {},
      agentInfo: response.agentInfo ?? null,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, failure: { kind: 'handshake-refused', reason } };
  }
}
