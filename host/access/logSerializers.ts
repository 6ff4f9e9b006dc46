import type { FastifyRequest } from 'fastify';
import { redactToken } from './tokenInUrl.ts';

/**
 * Log serializers that keep the token out of every log line: Fastify's own `req` serializer logs
 * `req.url` whole, `?token=` included, on each "incoming request" and each error. This one logs
 * the same fields with the token's value redacted. Headers (`Authorization`, `Cookie`) are not
 * logged at all, as by default.
 *
 * @example
 * const app = Fastify({ logger: { level: 'info', serializers: accessLogSerializers } });
 */
export const accessLogSerializers = {
  req(request: FastifyRequest) {
    // Also called on whatever a plugin logs as `req`: a raw request may lack a socket.
    const socket = request.socket as FastifyRequest['socket'] | undefined;
    return {
      method: request.method,
      url: typeof request.url === 'string' ? redactToken(request.url) : request.url,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: socket?.remotePort,
    };
  },
};
