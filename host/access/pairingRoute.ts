import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maxDeviceName } from '../../schema/deviceName.ts';
import type { MessageKey } from '../i18n.ts';
import { minters, type PairingCodes } from './PairingCodes.ts';

/** `POST /api/pair` `{code, name}` (CONTRACT.md §9): public, limited like failed logins. */
const pairPath = '/api/pair';

/** Whether `request` is the one request of `/api` that needs no session. */
export const isPairingRequest = (request: FastifyRequest): boolean =>
  request.method === 'POST' && request.routeOptions.url === pairPath;

/** What the pairing route needs of the access control around it. */
export interface PairingDeps {
  codes: PairingCodes;
  /** Whether a device is still paired: a code it asked for pairs nothing once it is revoked. */
  paired(device: string): boolean;
  /**
   * Pairs a device named `name` (cleaned; its browser's default name when nothing is left), its
   * session cookie set on `reply`; `undefined` when full.
   */
  pair(request: FastifyRequest, reply: FastifyReply, name: string): string | undefined;
  /** A failed attempt: 401, counted against the address. */
  fail(request: FastifyRequest, reply: FastifyReply, key: MessageKey): void;
  /** 429 while the address is refused; `true` when it was. */
  refuseIfBlocked(request: FastifyRequest, reply: FastifyReply): boolean;
  refuse(request: FastifyRequest, reply: FastifyReply, status: number, key: MessageKey): void;
}

/** The body of a pairing request, if it is one: a code and a device name, both bounded. */
function pairingBody(body: unknown): { code: string; name: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, name = '' } = body as Record<string, unknown>;
  if (typeof code !== 'string' || code.length === 0 || code.length > 40) return undefined;
  if (typeof name !== 'string' || name.length > maxDeviceName * 4) return undefined;
  return { code, name };
}

/**
 * `POST /api/pair`: a one-time code of `DeviceService.Pair` makes the browser that sends it a
 * paired device of its own (its session cookie). A wrong, used or expired code is a failed
 * attempt, as a wrong token is: after ten a minute, the address is refused.
 */
export function registerPairing(app: FastifyInstance, deps: PairingDeps): void {
  app.post(pairPath, { bodyLimit: 4096 }, async (request, reply) => {
    if (deps.refuseIfBlocked(request, reply)) return reply;
    const body = pairingBody(request.body);
    if (!body) {
      deps.refuse(request, reply, 400, 'access.badPairing');
      return reply;
    }
    const minter = deps.codes.take(body.code);
    const ownersCode = minter === minters.owner || minter === minters.terminal;
    if (minter === undefined || (!ownersCode && !deps.paired(minter))) {
      deps.fail(request, reply, 'access.wrongCode');
      return reply;
    }
    const device = deps.pair(request, reply, body.name);
    if (!device) {
      deps.refuse(request, reply, 409, 'access.tooManyDevices');
      return reply;
    }
    return reply.header('cache-control', 'no-store').send({ device });
  });
}
