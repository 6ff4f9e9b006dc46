import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cspNoncePlaceholder } from '../../schema/cspNonce.ts';
import type { EventBus } from '../events/EventBus.ts';
import { translate, type Language } from '../i18n.ts';
import type { RpcDispatcher } from './rpcDispatcher.ts';
import type { InspectClient } from '../services/InspectorService.ts';
import type { StoredImage } from '../conversations/ImageStore.ts';
import { authorityRoutes, type AuthorityRoutesOptions } from './authorityRoutes.ts';
import { cspNonce, securityHeaders } from './securityHeaders.ts';
import type { DeviceSockets } from '../access/DeviceSockets.ts';
import { webSocketSink } from './webSocketSink.ts';

export interface ServerOptions {
  dispatcher: RpcDispatcher;
  bus: EventBus;
  /** Registers access control (CONTRACT.md §4) before the routes. */
  access: (app: FastifyInstance) => Promise<void>;
  /** Fastify's logger settings (the token must never reach a log line). */
  logger: boolean | object;
  /** The PWA's build, served at `/` when it exists. */
  staticRoot: string;
  language: () => Language;
  /** An image a user sent, by its id (`GET /api/attachments/<id>`). */
  image?: (id: string) => StoredImage | undefined;
  https?: { key: string; cert: string };
  /** With TLS: the authority devices trust, served at `/ca.crt` and `/ca.mobileconfig`. */
  authority?: Omit<AuthorityRoutesOptions, 'language'>;
  /** A WebSocket client went away (the inspector stops sending to it). */
  onClientGone?: (client: InspectClient) => void;
  /** Each paired device's sockets, closed when it is revoked. */
  sockets?: DeviceSockets;
}

/**
 * The largest request, on HTTP (413 past it) and on the WebSocket (closed with 1009): room for a
 * message with its images at their limit (3 MiB in all, 4 MiB as base64;
 * `schema/attachments.ts`), and for a configuration text at its 1 MiB limit, JSON-escaped. A
 * request costs about three times its size while it is read and parsed, so this also bounds what a
 * few at once can take (four hostile ones cost a host under 100 MB: 8 MiB would not).
 */
const bodyLimit = 5 * 1024 * 1024;

/**
 * The HTTP and WebSocket server of CONTRACT.md §3: `POST /api/rpc` (one JSON-RPC request per
 * HTTP request), `GET /api/ws` (requests from the client, responses and events from the host,
 * resuming with `?since=`), and the PWA's static files at `/`.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    bodyLimit,
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as FastifyInstance;
  await app.register(securityHeaders);
  await options.access(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: bodyLimit } });

  await app.register((api, _options, done) => {
    // The dispatcher answers every body, garbage included, with a JSON-RPC error — whatever the
    // Content-Type says: one that is no media type would otherwise be Fastify's own 415.
    api.addHook('onRequest', (request, _reply, next) => {
      request.headers['content-type'] = 'text/plain';
      next();
    });
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    api.post('/api/rpc', async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const { device } = request;
      const response = await options.dispatcher.handle(body, device ? { device } : undefined);
      if (!response) return reply.code(204).send();
      return reply.type('application/json').send(JSON.stringify(response));
    });
    done();
  });

  // Behind the token like all of /api; content-addressed, so it never changes: cached for good.
  app.get<{ Params: { id: string } }>('/api/attachments/:id', (request, reply) => {
    const image = options.image?.(request.params.id);
    if (!image) return reply.code(404).type('application/json').send({ error: 'not found' });
    return reply
      .type(image.mimeType)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(image.bytes);
  });

  if (options.authority) authorityRoutes(app, { ...options.authority, language: options.language });

  app.get('/api/ws', { websocket: true }, (socket, request) => {
    // A `since` that is not a seq the host gave (garbage, a future one) gets a resync.
    const raw = (request.query as { since?: string }).since;
    const subscription = options.bus.subscribe(
      raw === undefined ? undefined : Number(raw),
      webSocketSink(socket),
    );
    // What is sent to this client only (responses, the inspector's notifications) follows the
    // events published before it: a snapshot and the events after it fit together exactly.
    const { device } = request;
    const client = { send: (frame: string) => subscription.send(frame), device };
    const forget = device ? options.sockets?.add(device, socket) : undefined;
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const text = isBinary ? '' : data.toString('utf8');
      void options.dispatcher.handle(text, { client }).then((response) => {
        if (response) subscription.send(JSON.stringify(response));
      });
    });
    socket.on('close', () => {
      forget?.();
      subscription.close();
      options.onClientGone?.(client);
    });
  });

  if (existsSync(options.staticRoot)) {
    // Files are looked up when asked for, not listed at start: a new build of the app (new
    // hashed names) is served at once, and the app's service worker can offer to reload.
    await app.register(fastifyStatic, { root: options.staticRoot, wildcard: true, index: false });
    // The app's page is read on each request too, and gets the nonce of its response's CSP; it is
    // never stored, since a cached copy would hold an old nonce.
    const shell = join(options.staticRoot, 'index.html');
    const sendShell = async (_request: FastifyRequest, reply: FastifyReply) => {
      const html = await readFile(shell, 'utf8').catch(() => undefined);
      if (html === undefined) return reply.callNotFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html.replaceAll(cspNoncePlaceholder, cspNonce(reply)));
    };
    app.get('/', sendShell);
    app.get('/index.html', sendShell);
    // The page a pairing code's QR opens (CONTRACT.md §9): the app, which asks for a name.
    app.get('/pair', sendShell);
  } else {
    app.get('/', (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(translate(options.language(), 'rpc.notBuilt')),
    );
  }
  return app;
}
