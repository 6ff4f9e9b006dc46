import type { AgentCapabilities, McpServer } from '@agentclientprotocol/sdk';
import type { AgentLaunch } from '../schema/worker.ts';

/**
 * The MCP servers offered in `session/new`: the agent mesh's, over HTTP when the agent says it
 * speaks MCP over HTTP, otherwise through the stdio bridge (which every ACP agent supports).
 */
export function meshServers(
  mesh: AgentLaunch['mesh'],
  capabilities: AgentCapabilities | undefined,
): McpServer[] {
  if (!mesh) return [];
  const name = 'switchboard-mesh';
  if (capabilities?.mcpCapabilities?.http) {
    const headers = [{ name: 'Authorization', value: `Bearer ${mesh.bearer}` }];
    return [{ type: 'http', name, url: mesh.url, headers }];
  }
  const env = [
    { name: 'SWITCHBOARD_MESH_URL', value: mesh.url },
    { name: 'SWITCHBOARD_MESH_BEARER', value: mesh.bearer },
  ];
  return [{ name, command: mesh.bridge.command, args: [...mesh.bridge.args], env }];
}
