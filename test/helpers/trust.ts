/**
 * What the browser tests of the host's own authority share (CONTRACT.md §9): its certificate as a
 * device first gets it, a HOME whose NSS database trusts it, the resolver rules that send the
 * host's names to 127.0.0.1, and calls of the wire over TLS that check the certificate.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { HostProcess, RpcResponse } from './hostProcess.ts';
import { testToken } from './hostProcess.ts';

const run = promisify(execFile);
/** The HOMEs made by {@link trustingHome}, removed by {@link removeTrustingHomes}. */
const homes: string[] = [];

/** This machine's name, as its certificate names it. */
export const machineName = hostname().toLowerCase();

/** The host's names reach 127.0.0.1, and no other name resolves: the test never leaves this machine. */
export const resolverRules = `--host-resolver-rules=MAP ${machineName} 127.0.0.1, MAP ${machineName}.local 127.0.0.1, MAP * ~NOTFOUND`;

/** `/ca.crt` as a device first gets it: over a connection it does not trust yet. */
export function download(host: HostProcess, path: string): Promise<Buffer> {
  const { port } = new URL(host.base);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path, rejectUnauthorized: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** A HOME with an NSS database, trusting `ca` when given. */
export async function trustingHome(ca?: Buffer): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'switchboard-home-'));
  homes.push(home);
  const nssdb = join(home, '.pki', 'nssdb');
  await mkdir(nssdb, { recursive: true });
  await run('certutil', ['-d', `sql:${nssdb}`, '-N', '--empty-password']);
  if (ca) {
    await writeFile(join(home, 'switchboard-ca.crt'), ca);
    const file = join(home, 'switchboard-ca.crt');
    await run('certutil', [
      '-d',
      `sql:${nssdb}`,
      '-A',
      '-t',
      'C,,',
      '-n',
      'switchboard',
      '-i',
      file,
    ]);
  }
  return home;
}

/** Removes the HOMEs {@link trustingHome} made: after their browsers closed. */
export async function removeTrustingHomes(): Promise<void> {
  for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
}

/** One call of the wire over TLS, the host's certificate checked against `ca`. */
export function rpcOverTls(
  host: HostProcess,
  ca: Buffer,
  method: string,
  params: unknown[] = [],
): Promise<RpcResponse> {
  const { port } = new URL(host.base);
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/rpc',
        method: 'POST',
        ca: pem(ca),
        headers: { authorization: `Bearer ${testToken}`, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text) as RpcResponse));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A DER certificate as PEM, which Node's TLS reads. */
const pem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
