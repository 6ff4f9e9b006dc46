/**
 * The raw relays the streaming rows of `npm run bench` compare Switchboard with: the same fake
 * agents spoken to directly with the ACP SDK, and a plain `ws` server on node:http; no workers,
 * no machines, no bus. Each runs in a process of its own, as the host does.
 *
 * - `plain`: each chunk's text goes to every client at once, one small JSON frame per chunk.
 * - `batched`: the text each agent streams within one turn of the event loop goes out as one
 *   frame per agent (`setImmediate`), the way Switchboard's worker batches it.
 *
 * `serveRawRelay` is the relay process's body (bundled as `dist/bench/rawRelay.js`).
 */
import { client, methods, ndJsonStream, type ClientConnection } from '@agentclientprotocol/sdk';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Readable, Writable } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';

/** Built by scripts/bench/build.mjs next to this file once bundled. */
const fakeAgentFile = new URL('./fakeAgent.js', import.meta.url).pathname;

export type RawMode = 'plain' | 'batched';

/** A raw relay's frame: an agent's text. */
interface RawFrame {
  agent: string;
  text: string;
}

/** Sends each chunk at once (`plain`), or what came in one turn of the event loop (`batched`). */
function broadcaster(mode: RawMode, sockets: Set<WebSocket>) {
  const send = (frame: RawFrame) => {
    const text = JSON.stringify(frame);
    for (const socket of sockets) socket.send(text);
  };
  if (mode === 'plain') return send;
  const pending = new Map<string, string>();
  const flush = () => {
    for (const [agent, text] of pending) send({ agent, text });
    pending.clear();
  };
  return (frame: RawFrame) => {
    if (pending.size === 0) setImmediate(flush);
    pending.set(frame.agent, (pending.get(frame.agent) ?? '') + frame.text);
  };
}

/**
 * The raw relay process: `agents` fake agents (`agent0`…), a `ws` server, and on stdin one
 * `{id, agents, text}` line per prompt (answered `{id}` on stdout once every agent answered).
 */
export async function serveRawRelay(agents: number, mode: RawMode): Promise<void> {
  const server = createServer();
  const sockets = new Set<WebSocket>();
  new WebSocketServer({ server }).on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const relay = broadcaster(mode, sockets);
  const children: ChildProcessWithoutNullStreams[] = [];
  const sessions = await Promise.all(
    Array.from({ length: agents }, async (_, index) => {
      const child = spawn(process.execPath, [fakeAgentFile, '--session']);
      children.push(child);
      const agent = `agent${index}`;
      const connection: ClientConnection = client({ name: 'bench' })
        .onNotification(methods.client.session.update, ({ params }) => {
          const { update } = params;
          if (update.sessionUpdate !== 'agent_message_chunk' || update.content.type !== 'text')
            return;
          relay({ agent, text: update.content.text });
        })
        .connect(
          ndJsonStream(
            Writable.toWeb(child.stdin),
            Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
          ),
        );
      await connection.agent.request(methods.agent.initialize, { protocolVersion: 1 });
      const { sessionId } = await connection.agent.request(methods.agent.session.new, {
        cwd: process.cwd(),
        mcpServers: [],
      });
      return { connection, sessionId };
    }),
  );
  const address = server.address();
  console.log(`raw relay ready on ${typeof address === 'object' && address ? address.port : 0}`);
  for await (const line of createInterface({ input: process.stdin })) {
    const {
      id,
      agents: count,
      text,
    } = JSON.parse(line) as { id: number; agents: number; text: string };
    await Promise.all(
      sessions.slice(0, count).map(({ connection, sessionId }) =>
        connection.agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text }],
        }),
      ),
    );
    console.log(JSON.stringify({ id }));
  }
  for (const child of children) child.kill();
  for (const socket of sockets) socket.terminate();
  server.close();
}

/** What a client reads of a raw relay's frame. */
export function rawFrameText(frame: string): RawFrame {
  return JSON.parse(frame) as RawFrame;
}
