/**
 * The agent mesh's stdio bridge: an MCP server on stdio that relays every message to the host's
 * mesh server over streamable HTTP, for agents that run MCP servers only as commands. The host
 * offers it in `session/new` with the server's URL and the agent's bearer in its environment.
 *
 * @example
 * SWITCHBOARD_MESH_URL=http://127.0.0.1:41234/mcp SWITCHBOARD_MESH_BEARER=… node dist/scripts/meshBridge/main.js
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const url = process.env.SWITCHBOARD_MESH_URL;
const bearer = process.env.SWITCHBOARD_MESH_BEARER;
if (!url || !bearer) {
  process.stderr.write('switchboard-mesh-bridge: SWITCHBOARD_MESH_URL and _BEARER are needed\n');
  process.exit(2);
}

const host = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
});
const agent = new StdioServerTransport();

/** A request the host could not take is answered here: the agent must not wait forever. */
const unreachable = (message: JSONRPCMessage, error: unknown) => {
  if (!('id' in message) || !('method' in message)) return;
  const reason = error instanceof Error ? error.message : String(error);
  void agent.send({
    jsonrpc: '2.0',
    id: message.id,
    error: { code: -32000, message: `the Switchboard host cannot be reached: ${reason}` },
  });
};

agent.onmessage = (message) => {
  host.send(message).catch((error: unknown) => unreachable(message, error));
};
host.onmessage = (message) => void agent.send(message);
host.onerror = (error) => process.stderr.write(`switchboard-mesh-bridge: ${error.message}\n`);
agent.onclose = () => {
  void host.close().finally(() => process.exit(0));
};

await host.start();
await agent.start();
