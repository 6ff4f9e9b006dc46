import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MeshChannel } from './MeshChannel.ts';
import type { MeshLog } from './MeshLog.ts';
import { meshTools } from './meshTools.ts';

/** Where agents reach the mesh's MCP server, and the bearer that says which agent calls. */
export interface MeshAccess {
  url: string;
  bearer: string;
}

const path = '/mcp';

/**
 * The MCP server of the agent mesh (streamable HTTP), for this machine's agents only: it listens
 * on the loopback address, checks the `Host` header against it (the SDK's DNS-rebinding
 * protection), refuses whatever a browser sends (an `Origin` header), and knows the caller by its
 * bearer, one per agent run (`admit`). It is stateless:
 * each request gets its own server and transport, bound to the bearer's agent.
 */
export class MeshServer {
  readonly #http: Server;
  readonly #channel: () => MeshChannel;
  /** Bearer → agent, and agent → its current bearer. */
  readonly #agents = new Map<string, string>();
  readonly #bearers = new Map<string, string>();

  private constructor(
    http: Server,
    channel: () => MeshChannel,
    private readonly log?: MeshLog,
  ) {
    this.#http = http;
    this.#channel = channel;
  }

  /** Starts the server on 127.0.0.1 and a port of the system's choosing. */
  static async start(channel: () => MeshChannel, log?: MeshLog): Promise<MeshServer> {
    const server = new MeshServer(createServer(), channel, log);
    server.#http.on('request', (request, response) => void server.#handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.#http.once('error', reject);
      server.#http.listen(0, '127.0.0.1', resolve);
    });
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}${path}`;
  }

  /** A new bearer for a run of `agent`; the one of its previous run no longer opens anything. */
  admit(agent: string): MeshAccess {
    this.revoke(agent);
    const bearer = randomBytes(24).toString('base64url');
    this.#agents.set(bearer, agent);
    this.#bearers.set(agent, bearer);
    return { url: this.url, bearer };
  }

  revoke(agent: string): void {
    const bearer = this.#bearers.get(agent);
    if (bearer !== undefined) this.#agents.delete(bearer);
    this.#bearers.delete(agent);
  }

  async close(): Promise<void> {
    this.#http.closeAllConnections();
    await new Promise((resolve) => this.#http.close(resolve));
  }

  get #port(): number {
    return (this.#http.address() as AddressInfo).port;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return refuse(response, 404, 'not found');
    // Agents' MCP clients send no Origin; a web page always does, and may not reach the mesh.
    // See https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#security-warning
    if (request.headers.origin !== undefined) {
      return refuse(response, 403, 'requests from a web page are refused');
    }
    const agent = this.#agentOf(request.headers.authorization);
    if (agent === undefined) return refuse(response, 401, 'a bearer of a running agent is needed');
    const server = meshTools(this.#channel(), agent, this.log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${this.#port}`, `localhost:${this.#port}`],
    });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response);
    } catch (error) {
      if (!response.headersSent) refuse(response, 500, String(error));
    }
  }

  #agentOf(authorization: string | undefined): string | undefined {
    const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (given === undefined) return undefined;
    for (const [bearer, agent] of this.#agents) {
      const [a, b] = [Buffer.from(bearer), Buffer.from(given)];
      if (a.length === b.length && timingSafeEqual(a, b)) return agent;
    }
    return undefined;
  }
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
