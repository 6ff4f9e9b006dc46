import { client, methods, type ClientConnection, type Stream } from '@agentclientprotocol/sdk';
import type { AgentFailure } from '../schema/agents.ts';

/** The only ACP version Switchboard speaks. */
export const protocolVersion = 1;

export type HandshakeResult = { ok: true } | { ok: false; failure: AgentFailure };

/**
 * Opens the client side of an ACP connection on `stream`. It advertises no client capability
 * yet: no file system, no terminal (https://agentclientprotocol.com/protocol/v1/initialization).
 */
export function connectToAgent(stream: Stream): ClientConnection {
  return client({ name: 'switchboard' }).connect(stream);
}

/**
 * Runs `initialize` and checks the agent answers with ACP v1. The 30 s limit is the lifecycle
 * machine's, not this function's: it waits as long as the connection is open.
 */
export async function initializeAgent(connection: ClientConnection): Promise<HandshakeResult> {
  try {
    const response = await connection.agent.request(methods.agent.initialize, {
      protocolVersion,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo: { name: 'switchboard', title: 'Switchboard', version: '0.1.0' },
    });
    if (response.protocolVersion !== protocolVersion) {
      return {
        ok: false,
        failure: { kind: 'protocol-mismatch', version: response.protocolVersion },
      };
    }
    return { ok: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, failure: { kind: 'handshake-refused', reason } };
  }
}
