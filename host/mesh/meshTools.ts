import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { maxPayloadBytes, meshMessageTypes } from '../../schema/mesh.ts';
import type { MeshChannel } from './MeshChannel.ts';
import type { MeshLog } from './MeshLog.ts';

/** Each tool answers with one text content holding JSON, so agents and tests read it alike. */
const json = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/** The description agents read: REFERENCE.md's purpose of `agent_send`, in a few lines. */
const sendDescription = [
  "Sends a coordination message to the agents of one of the user's machines (its handle from",
  'agents_list): freeze merges during a release ("freeze", then "freeze-clear"), announce a',
  'finished PR ("pr-ready"), hand work over ("handoff"), announce a release ("release-out").',
  'Without to_agent it reaches every live agent of that machine. A to_agent must be alive (take it',
  'from agents_list): if it is not, the answer is a 404 listing the agent_ids alive there. The',
  'recipients read it on their next agent_inbox poll.',
].join(' ');

/**
 * The MCP server one agent talks to: `agents_list`, `agent_send`, `agent_inbox` on `channel`, as
 * `agent` (the bearer it was given says who it is; it cannot speak as another). Every call is a
 * check-in.
 */
export function meshTools(channel: MeshChannel, agent: string, log?: MeshLog): McpServer {
  const server = new McpServer({ name: 'switchboard-mesh', version: '0.1.0' });
  const self = { machine: channel.machine, agent_id: agent };

  server.registerTool(
    'agents_list',
    {
      description:
        "The user's machines in this agent's channel, each with its handle and the agent_ids alive on it; `self` is this agent.",
    },
    async () => {
      await channel.checkIn(agent);
      return json(await channel.directory(agent));
    },
  );

  server.registerTool(
    'agent_send',
    {
      description: sendDescription,
      inputSchema: {
        to: z.string().min(1).describe('handle of the target machine, from agents_list'),
        msg_type: z.enum(meshMessageTypes),
        payload: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('the content: reason, PR number, branch… (16 KB at most)'),
        from_agent: z.string().optional().describe("the sender's own agent_id"),
        to_agent: z
          .string()
          .optional()
          .describe('one live agent_id on that machine; omit to reach all of them'),
      },
    },
    async ({ to, msg_type, payload = {}, from_agent, to_agent }) => {
      await channel.checkIn(agent);
      if (from_agent !== undefined && from_agent !== agent) {
        return json({ status: 403, error: `you are ${agent}, not ${from_agent}` }, true);
      }
      const bytes = Buffer.byteLength(JSON.stringify(payload), 'utf8');
      if (bytes > maxPayloadBytes) {
        const error = `the payload is ${bytes} bytes of JSON; at most ${maxPayloadBytes}`;
        return json({ status: 413, error }, true);
      }
      const outcome = await channel.send({
        from: self,
        to,
        ...(to_agent !== undefined ? { toAgent: to_agent } : {}),
        msgType: msg_type,
        payload,
      });
      if (!outcome.ok) return json(outcome.notFound, true);
      const delivered = { machine: to, agents: outcome.delivery.delivered_to };
      log?.record({ direction: 'sent', agent, message: outcome.message, to: delivered });
      return json(outcome.delivery);
    },
  );

  server.registerTool(
    'agent_inbox',
    {
      description:
        'The coordination messages sent to this agent since its last poll, oldest first; each is returned once.',
    },
    async () => {
      await channel.checkIn(agent);
      const messages = await channel.collect(agent);
      for (const message of messages) log?.record({ direction: 'received', agent, message });
      return json({ messages });
    },
  );

  return server;
}
