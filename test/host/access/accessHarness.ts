/**
 * A real listening server with the access plugin in front of three dummy routes — `/api/ping`,
 * the WebSocket `/api/ws` and a static `/` — and the two clients the tests talk to it with:
 * raw `node:http` (any `Host` header) and `ws`.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessControl, type AccessOptions } from '../../../host/access/accessControl.ts';
import { DeviceStore } from '../../../host/access/DeviceStore.ts';
import { ConversationDatabase } from '../../../host/conversations/ConversationDatabase.ts';

export const token = 'test-token-Zm9vYmFy_0123456789';

export interface AccessServer {
  app: FastifyInstance;
  port: number;
  /** `http://127.0.0.1:PORT`. */
  base: string;
}

export interface ServerSetup {
  fastify?: FastifyServerOptions;
  /** Register @fastify/websocket before the access plugin rather than after it. */
  websocketFirst?: boolean;
}

/** A state folder of the test's own (its paired devices), removed after it. */
export async function stateFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'switchboard-access-'));
  // A device's last-seen time may still be being written (a new file, then a rename).
  onTestFinished(() => rm(folder, { recursive: true, force: true, maxRetries: 5 }));
  return folder;
}

/**
 * The paired devices kept in `folder`'s state database, closed after the test (or by `close`, to
 * open them again as a restarted host does).
 */
export function openDevices(
  folder: string,
  now?: () => Date,
): { devices: DeviceStore; database: ConversationDatabase } {
  const database = ConversationDatabase.open(join(folder, 'conversations.db'), { language: 'en' });
  onTestFinished(() => database.close());
  return { devices: DeviceStore.open(database.connection, folder, now), database };
}

/** Starts a server per call, closed after the test. */
export function accessServerPerTest(): (
  options?: Partial<AccessOptions>,
  setup?: ServerSetup,
) => Promise<AccessServer> {
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  return async (options = {}, { fastify = {}, websocketFirst = false } = {}) => {
    const app = Fastify(fastify);
    open.push(app);
    if (websocketFirst) await app.register(fastifyWebsocket);
    const { devices } = openDevices(await stateFolder());
    await app.register(accessControl, {
      token,
      devices,
      tls: false,
      allowedHosts: () => [],
      ...options,
    });
    if (!websocketFirst) await app.register(fastifyWebsocket);
    app.get('/api/boom', () => {
      throw new Error('boom');
    });
    app.get('/api/ping', () => ({ pong: true }));
    app.get('/api/ws', { websocket: true }, (socket) => {
      socket.send('hello');
    });
    app.get('/', (_request, reply) => reply.type('text/html').send('<h1>Switchboard</h1>'));
    app.get('/app/*', (_request, reply) => reply.type('text/plain').send('static'));
    app.get('/pair', (_request, reply) => reply.type('text/html').send('<h1>Pair</h1>'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return { app, port, base: `http://127.0.0.1:${port}` };
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly the headers given (`Host` included, when given). */
export function send(
  port: number,
  path: string,
  headers: OutgoingHttpHeaders = {},
  {
    method = 'GET',
    setHost = true,
    body,
  }: { method?: string; setHost?: boolean; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path, method, headers, setHost };
    const outgoing = httpRequest(options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The JSON `{error}` of a refusal. */
export function errorOf(answer: Answer): string {
  return (JSON.parse(answer.body) as { error: string }).error;
}

export type Upgrade = { opened: true; greeting: string } | { opened: false; status: number };

/** Opens a WebSocket: its first message when it opens, else the status of the refusal. */
export function upgrade(url: string, options: WebSocket.ClientOptions = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    socket.once('message', (data: Buffer) => {
      resolve({ opened: true, greeting: data.toString('utf8') });
      socket.close();
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.on('error', reject);
  });
}
