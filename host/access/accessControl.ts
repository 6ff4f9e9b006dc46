import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { sayIn, translate, type Language, type MessageKey } from '../i18n.ts';
import { FailureLimiter, type FailureLimit } from './FailureLimiter.ts';
import { hostOfHeader, isThisMachine, normalizeHostName, originMatchesHost } from './hostNames.ts';
import type { DeviceStore } from './DeviceStore.ts';
import type { PairingCodes } from './PairingCodes.ts';
import { isPairingRequest, registerPairing } from './pairingRoute.ts';
import { cookieValues, sessionCookie, sessionCookieName } from './sessionCookie.ts';
import { deviceNameOf } from '../../schema/deviceName.ts';
import { oldCookieDeviceSecret, sessionValue, tokenMatches } from './token.ts';
import { isApiPath, tokenInUrl, withoutToken } from './tokenInUrl.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired device that sent it (its session cookie's), if one did. */
    device?: string;
  }
}

/** Options of {@link accessControl}. */
export interface AccessOptions {
  /** The access token (see `loadOrCreateToken`). */
  token: string;
  /** The paired devices: each session cookie is one's (CONTRACT.md §9). */
  devices: DeviceStore;
  /** The one-time codes `POST /api/pair` takes; without them, nothing pairs but the token. */
  pairing?: PairingCodes;
  /** Extra host names the app may be reached by: the config's `allowedHosts`, read on each request. */
  allowedHosts: () => readonly string[];
  /** Whether the server speaks HTTPS: the session cookie is then `Secure`. */
  tls: boolean;
  /** The language of refusal messages, read on each refusal (default English). */
  language?: () => Language;
  /** Failed attempts allowed per client address (default 10 a minute). */
  failureLimit?: FailureLimit;
  /** The clock of the failure windows (default `Date.now`). */
  now?: () => number;
}

type Values = Record<string, string | number>;

const wsRoute = '/api/ws';

/**
 * Access control of CONTRACT.md §4, as one `onRequest` hook on the whole server:
 *
 * - the `Host` header must name this machine or an `allowedHosts` entry (DNS rebinding), and an
 *   `Origin` header must name the site the request was sent to, scheme included (cross-site
 *   requests, WebSocket hijacking included): else 403, on every path;
 * - every `/api` request needs the token: the session cookie, `Authorization: Bearer`, or, on
 *   the WebSocket upgrade of `/api/ws` only, `?token=`: else 401, before any upgrade or body;
 * - any other path is public; `GET <path>?token=T` with the right token sets the session cookie
 *   and redirects to the same URL without the token; a wrong one gets a 401 page;
 * - after `failureLimit.max` failures in a window, an address gets 429 until the window ends.
 *
 * Register it on the root instance, first: it does not open a scope (`skip-override`), so its
 * hook covers every route, in any plugin, and runs before the hooks registered after it.
 * `@fastify/websocket` may come before or after it: a refused upgrade is closed either way.
 *
 * @example
 * const app = Fastify({ logger: { serializers: accessLogSerializers } });
 * await app.register(accessControl, { token, tls, allowedHosts: () => config.allowedHosts });
 * await app.register(fastifyWebsocket);
 */
export const accessControl: FastifyPluginCallback<AccessOptions> = (app, options, done) => {
  if (!options.token) {
    done(new Error('accessControl needs a non-empty token'));
    return;
  }
  const { token, tls } = options;
  const session = sessionValue(token);
  const oldSecret = oldCookieDeviceSecret(token);
  const language = options.language ?? (() => 'en');
  const say = sayIn(language);
  const limiter = new FailureLimiter(
    options.failureLimit ?? { max: 10, windowMs: 60_000 },
    options.now,
  );

  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: MessageKey,
    values: Values = {},
  ): void {
    const message = translate(language(), key, values);
    closeIfUpgrade(request, reply);
    reply.code(status).header('cache-control', 'no-store');
    if (status === 401) reply.header('www-authenticate', 'Bearer realm="Switchboard"');
    if (isApiPath(pathOf(request.url))) void reply.send({ error: message });
    else void reply.type('text/plain; charset=utf-8').send(message);
  }

  /** A failed attempt: 401 with `key`, counted against the address. */
  function fail(request: FastifyRequest, reply: FastifyReply, key: MessageKey): void {
    if (limiter.fail(request.ip)) {
      const seconds = Math.ceil(limiter.limit.windowMs / 1000);
      request.log.warn(
        `access: too many failed attempts from ${request.ip}, refused for ${seconds} s`,
      );
    }
    refuse(request, reply, 401, key);
  }

  /** 429 when the address is refused; true when it was. */
  function refuseIfBlocked(request: FastifyRequest, reply: FastifyReply): boolean {
    const wait = limiter.blockedFor(request.ip);
    if (wait <= 0) return false;
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    reply.header('retry-after', String(seconds));
    refuse(request, reply, 429, 'access.tooManyAttempts', { seconds });
    return true;
  }

  function isAllowedHost(name: string): boolean {
    return (
      options.allowedHosts().some((entry) => normalizeHostName(entry) === name) ||
      isThisMachine(name)
    );
  }

  app.addHook('onRequest', (request, reply, next) => {
    const { host, origin } = request.headers;
    const name = hostOfHeader(host);
    if (!name || !isAllowedHost(name)) {
      refuse(request, reply, 403, 'access.forbiddenHost', { host: host ?? '' });
      return;
    }
    if (origin !== undefined && !originMatchesHost(origin, host, tls)) {
      refuse(request, reply, 403, 'access.forbiddenOrigin', { origin });
      return;
    }

    const route = request.routeOptions.url;
    const cookieName = sessionCookieName(host, tls);
    // A session cookie holds 256 random bits: unguessable even when SWITCHBOARD_TOKEN is weak,
    // so it may pass while the address is refused — a paired app keeps working beside a guesser.
    const paired = pairedBy(cookieValues(request.headers.cookie, cookieName), request, reply);
    if (paired?.device) request.device = paired.device;
    if (isPairingRequest(request)) {
      next();
      return;
    }
    if (isApiPath(pathOf(request.url)) || (route !== undefined && isApiPath(route))) {
      if (paired !== undefined) {
        next();
        return;
      }
      // The token itself is not even compared while refused: a 200 among the 429s would still
      // tell a guesser they were right.
      if (refuseIfBlocked(request, reply)) return;
      const given = [bearerToken(request.headers.authorization)];
      if (route === wsRoute && isWebSocketUpgrade(request)) given.push(tokenInUrl(request.url));
      if (given.some((candidate) => candidate !== undefined && tokenMatches(candidate, token))) {
        next();
        return;
      }
      fail(request, reply, 'access.unauthorized');
      return;
    }

    const linkToken = tokenInUrl(request.url);
    if (linkToken === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      next();
      return;
    }
    if (refuseIfBlocked(request, reply)) return;
    if (!tokenMatches(linkToken, token)) {
      fail(request, reply, 'access.wrongToken');
      return;
    }
    closeIfUpgrade(request, reply);
    const redirect = () =>
      void reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('location', redirectTarget(request.url))
        .send();
    // A browser already paired stays the device it is; another becomes one.
    if (paired?.device) return redirect();
    if (pairDevice(request, reply, '')) redirect();
    else refuse(request, reply, 409, 'access.tooManyDevices');
  });

  /**
   * The paired device a session cookie is, if one is. The cookie of browsers paired before devices
   * had cookies of their own (the token's) is one device, made once: each request carrying it is
   * that device, and is given its cookie (a WebSocket's upgrade cannot be). `{}` for that cookie
   * when no device can be made (as many as allowed are paired): it is still worth the token.
   */
  function pairedBy(
    cookies: string[],
    request: FastifyRequest,
    reply: FastifyReply,
  ): { device?: string } | undefined {
    for (const value of cookies) {
      const device = options.devices.verify(value);
      if (device) return { device };
    }
    if (!cookies.some((value) => tokenMatches(value, session))) return undefined;
    const fallback = deviceNameOf(request.headers['user-agent'], say);
    const upgraded = options.devices.oldCookieDevice(oldSecret, fallback);
    // Its device revoked, the old cookie opens nothing: else the next request would pair it again.
    if (upgraded === 'revoked') return undefined;
    if (!upgraded) return {};
    if (request.headers.upgrade === undefined) {
      const name = sessionCookieName(request.headers.host, tls);
      reply.header('set-cookie', sessionCookie(name, upgraded.cookie, tls));
    }
    return { device: upgraded.id };
  }

  /**
   * Pairs a new device named `name`, else its browser's name in the configuration's language
   * (issue 32 item 6); its cookie set on `reply`. `undefined` when full.
   */
  function pairDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
  ): string | undefined {
    const added = options.devices.add(name, deviceNameOf(request.headers['user-agent'], say));
    if (!added) return undefined;
    const cookieName = sessionCookieName(request.headers.host, tls);
    reply.header('set-cookie', sessionCookie(cookieName, added.cookie, tls));
    return added.id;
  }

  if (options.pairing) {
    registerPairing(app, {
      codes: options.pairing,
      paired: (device) => options.devices.has(device),
      pair: pairDevice,
      fail,
      refuseIfBlocked,
      refuse,
    });
  }
  done();
};

Object.assign(accessControl, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'switchboard-access',
});

/** The path of a request target, also in absolute form (`GET http://host/path`). */
function pathOf(url: string): string {
  const mark = url.indexOf('?');
  const target = mark < 0 ? url : url.slice(0, mark);
  if (target.startsWith('/')) return target;
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/**
 * Closes the connection after an answer to an upgrade request: its socket was taken from the
 * HTTP server, which will not close it, and @fastify/websocket only does when its own `onRequest`
 * hook ran before this one — so the refusal does not depend on the order of registration.
 */
function closeIfUpgrade(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers.upgrade === undefined) return;
  reply.header('connection', 'close');
  reply.raw.once('finish', () => request.raw.socket.end());
}

function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
}

function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * Where the pairing link redirects: its own path and other parameters, without the token. Only
 * a path: an absolute request target or a leading `//` would otherwise make it a redirect to
 * another site.
 */
function redirectTarget(url: string): string {
  let local = url;
  if (!url.startsWith('/')) {
    try {
      const parsed = new URL(url);
      local = `${parsed.pathname}${parsed.search}`;
    } catch {
      local = '/';
    }
  }
  return withoutToken(local).replace(/^[/\\]+/, '/');
}
