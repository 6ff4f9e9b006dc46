import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy the app runs under, found in Chromium on every screen (the
 * end-to-end tests fail on any violation). `nonce` is the one of an HTML response
 * ({@link cspNonce}); `socket` the WebSocket URL of the request's own host, when it has one.
 */
function contentSecurityPolicy(nonce?: string, socket?: string): string {
  return [
    // Everything not named below: this origin only.
    "default-src 'self'",
    // The app's modules, the service worker and the Workbox script it imports: no inline script.
    "script-src 'self'",
    // The app's CSS files, and CodeMirror's <style> element, let in by the page's nonce.
    `style-src 'self'${nonce === undefined ? '' : ` 'nonce-${nonce}'`}`,
    // Agents' icons may be any web image (config `icon`); CodeMirror draws lint marks as data: SVG.
    "img-src 'self' data: https: http:",
    // The API and its WebSocket; the socket's URL too, for older Safari whose 'self' is http(s) only.
    `connect-src 'self'${socket === undefined ? '' : ` ${socket}`}`,
    // The service worker (sw.js); ELK lays out in the page (elkjs's bundled fake worker).
    "worker-src 'self'",
    // manifest.webmanifest.
    "manifest-src 'self'",
    // No web font: the app uses the system's.
    "font-src 'self'",
    // No plugin content.
    "object-src 'none'",
    // Relative URLs resolve against this origin: an injected <base> cannot move them.
    "base-uri 'none'",
    // A form may only submit to the app (the pairing form is handled in script).
    "form-action 'self'",
    // Nobody frames the app: a page cannot trick a click into approving a command.
    "frame-ancestors 'none'",
  ].join('; ');
}

const nonces = new WeakMap<FastifyReply, string>();

/**
 * The CSP nonce of this reply, made on the first call: an HTML response writes it where the
 * page's <meta property="csp-nonce"> asks, and its policy lets in the styles that carry it.
 */
export function cspNonce(reply: FastifyReply): string {
  let nonce = nonces.get(reply);
  if (nonce === undefined) nonces.set(reply, (nonce = randomBytes(16).toString('base64')));
  return nonce;
}

/** A host name or IPv4 address with an optional port: CSP has no syntax for IPv6 literals. */
const plainHost = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** The WebSocket origin of the host the request was sent to, when its `Host` is a plain name. */
function socketOrigin(request: FastifyRequest): string | undefined {
  const { host } = request.headers;
  if (host === undefined || !plainHost.test(host)) return undefined;
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${host.toLowerCase()}`;
}

/**
 * Security headers on every response, refusals, redirects and 404s included: the CSP
 * ({@link contentSecurityPolicy}), `X-Frame-Options: DENY` for browsers that ignore
 * `frame-ancestors`, `nosniff`, and no `Referer` to the sites the app links to. A worker's
 * policy is the one of its own script's response: sw.js gets the same one.
 *
 * Register it on the root instance, first (it does not open a scope): its `onSend` hook then
 * covers every route, and the replies that other `onRequest` hooks send.
 *
 * @example
 * const app = Fastify();
 * await app.register(securityHeaders);
 * await app.register(accessControl, options);
 */
export const securityHeaders: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onSend', (request, reply, payload, next) => {
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(nonces.get(reply), socketOrigin(request)),
    );
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    next(null, payload);
  });
  done();
};

Object.assign(securityHeaders, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'switchboard-security-headers',
});
