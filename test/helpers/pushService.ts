/**
 * A Web Push service of the tests' own (RFC 8030), on 127.0.0.1: it takes the host's POSTs, and a
 * device's subscription whose keys the test holds, so it can decrypt what the host sent (RFC 8291,
 * with `http_ece`, which `web-push` encrypts with) and check its VAPID signature (RFC 8292).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { afterEach } from 'vitest';
import type { PushPayload } from '../../schema/notifications.ts';
import type { PushSubscriptionJson } from '../../schema/push.ts';

/** One POST the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A device: its subscription (as the browser's `toJSON()` gives it) and its private key. */
export interface TestDevice {
  subscription: PushSubscriptionJson;
  /** What the host sent it, decrypted. */
  read: (push: ReceivedPush) => PushPayload;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** The HTTP status `path` answers with (201 by default). */
  answer: (path: string, status: number) => void;
  device: (path: string) => TestDevice;
}

/** For a test file: `pushService()` listens on 127.0.0.1, closed after each test. */
export function pushServicePerTest(): () => Promise<TestPushService> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });
  return async () => {
    const received: ReceivedPush[] = [];
    const statuses = new Map<string, number>();
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(statuses.get(path) ?? 201).end();
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      origin,
      received,
      answer: (path, status) => statuses.set(path, status),
      device: (path) => makeDevice(`${origin}${path}`),
    };
  };
}

function makeDevice(endpoint: string): TestDevice {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    read: (push) => {
      const plain = decrypt(push.body, {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth,
      });
      return JSON.parse(plain.toString('utf8')) as PushPayload;
    },
  };
}

/** The claims of a push's VAPID JWT, once its ES256 signature checks with the key it names. */
export function vapidClaims(
  push: ReceivedPush,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${push.headers.authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error(`signed for ${key}, not the host's ${publicKey}`);
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not check');
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (alg !== 'ES256') throw new Error(`VAPID signed with ${alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}
