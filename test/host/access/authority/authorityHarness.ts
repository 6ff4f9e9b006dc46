import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterEach } from 'vitest';
import { TlsMaterial, type TlsOptions } from '../../../../host/access/authority/TlsMaterial.ts';
import type { Machine } from '../../../../host/access/authority/machine.ts';

/** A machine with a LAN address, odd ones (documentation range, global and link-local IPv6) too. */
export const tabletHost: Machine = {
  hostname: 'tablet-host',
  addresses: ['127.0.0.1', '::1', '192.168.1.20', 'fe80::1', '2001:db8::5', 'fd00::2', '192.0.2.2'],
};

/** A state dir per test, removed after it; `CAROOT` names an empty folder: no mkcert root. */
export function stateDirs(): () => Promise<{ stateDir: string; env: Record<string, string> }> {
  const made: string[] = [];
  afterEach(async () => {
    for (const folder of made.splice(0)) await rm(folder, { recursive: true, force: true });
  });
  return async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-ca-'));
    made.push(folder);
    return { stateDir: join(folder, 'state'), env: { CAROOT: join(folder, 'no-mkcert') } };
  };
}

/** Opens the TLS material of `stateDir` for a machine and a clock the test can change. */
export function openFor(
  place: { stateDir: string; env: Record<string, string> },
  machine: { current: Machine },
  clock: { now: Date } = { now: new Date() },
  extra: Partial<TlsOptions> = {},
): Promise<TlsMaterial> {
  return TlsMaterial.open({
    ...place,
    machine: () => machine.current,
    now: () => clock.now,
    ...extra,
  });
}

/** The subject alternative names of a PEM certificate, as Node reads them. */
export const altNames = (pem: string) =>
  (new X509Certificate(pem).subjectAltName ?? '').split(', ').sort();

/**
 * A TLS handshake with a real server serving `material`, by a client that trusts only `ca` and
 * asks for `servername`: resolves when it is trusted, rejects with OpenSSL's reason otherwise.
 */
export async function handshake(
  material: { cert: string; key: string },
  ca: string,
  servername: string,
): Promise<void> {
  const server: Server = createServer(material, (_request, response) => response.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, ca, servername }, () => {
        socket.end();
        resolve();
      });
      socket.on('error', reject);
    });
  } finally {
    server.close();
  }
}
