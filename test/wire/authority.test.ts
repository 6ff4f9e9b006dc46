import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'plist';
import { describe, expect, it } from 'vitest';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';
import { selfSigned } from '../helpers/selfSigned.ts';

const start = hostPerFile();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over TLS that trusts only `ca` (and checks the name), with the headers the test says. */
function get(host: HostProcess, path: string, ca: string, headers: Record<string, string> = {}) {
  const { port } = new URL(host.base);
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', servername: 'localhost', port, path, ca, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** A host with --tls on a state dir of its own, and the authority it keeps there. */
async function tlsHost(folder?: string) {
  const place = folder ?? (await mkdtemp(join(tmpdir(), 'switchboard-host-')));
  const host = await start(
    configText({}),
    ['--tls'],
    { CAROOT: join(place, 'no-mkcert') },
    {
      folder: place,
    },
  );
  const ca = await readFile(join(place, 'state', 'tls', 'ca.pem'), 'utf8');
  return { host, ca, folder: place };
}

describe('the authority served by a host with --tls (CONTRACT.md §9)', () => {
  it('serves /ca.crt, in DER, to anyone, with the security headers', async () => {
    const { host, ca } = await tlsHost();
    const answer = await get(host, '/ca.crt', ca);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="switchboard-ca.crt"');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(new X509Certificate(answer.body).raw.equals(new X509Certificate(ca).raw)).toBe(true);
    expect(new X509Certificate(answer.body).ca).toBe(true);
  });

  it('serves /ca.mobileconfig, an iPadOS profile of the same authority', async () => {
    const { host, ca } = await tlsHost();
    const answer = await get(host, '/ca.mobileconfig', ca);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-apple-aspen-config');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const profile = parse(answer.body.toString('utf8')) as {
      PayloadType: string;
      PayloadUUID: string;
      PayloadDisplayName: string;
      PayloadContent: { PayloadType: string; PayloadContent: Buffer; PayloadUUID: string }[];
    };
    expect(profile.PayloadType).toBe('Configuration');
    expect(profile.PayloadDisplayName).toMatch(/^Switchboard on /);
    const [root] = profile.PayloadContent;
    expect(root!.PayloadType).toBe('com.apple.security.root');
    expect(Buffer.from(root!.PayloadContent).equals(new X509Certificate(ca).raw)).toBe(true);
    const uuid = /^[0-9A-F]{8}-[0-9A-F]{4}-8[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;
    expect(profile.PayloadUUID).toMatch(uuid);
    expect(root!.PayloadUUID).toMatch(uuid);
    expect(root!.PayloadUUID).not.toBe(profile.PayloadUUID);
    // The same profile each time: downloading it again replaces the one installed.
    expect((await get(host, '/ca.mobileconfig', ca)).body.equals(answer.body)).toBe(true);
  });

  it('refuses them for a Host that is not this machine, or a foreign Origin', async () => {
    const { host, ca } = await tlsHost();
    const { port } = new URL(host.base);
    const foreignHost = await get(host, '/ca.crt', ca, { host: `evil.example:${port}` });
    expect(foreignHost.status).toBe(403);
    const foreignOrigin = await get(host, '/ca.mobileconfig', ca, {
      origin: 'https://evil.example',
    });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.headers['x-frame-options']).toBe('DENY');
  });

  it('replaces the self-signed certificate of an older state dir with one its authority signs', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'switchboard-host-'));
    const tls = join(folder, 'state', 'tls');
    await mkdir(tls, { recursive: true });
    await selfSigned(join(tls, 'key.pem'), join(tls, 'cert.pem'), {
      subject: '/CN=old',
      days: 825,
      extensions: ['subjectAltName=DNS:localhost,IP:127.0.0.1'],
    });
    const old = await readFile(join(tls, 'cert.pem'), 'utf8');
    const { host, ca } = await tlsHost(folder);
    const served = await readFile(join(tls, 'cert.pem'), 'utf8');
    expect(served).not.toBe(old);
    expect(new X509Certificate(served).checkIssued(new X509Certificate(ca))).toBe(true);
    // Trusting the authority alone is enough to reach it by name.
    expect((await get(host, '/ca.crt', ca)).status).toBe(200);
  });

  it('has no authority to serve without --tls', async () => {
    const host = await start(configText({}));
    const response = await fetch(`${host.base}/ca.crt`);
    expect(response.status).toBe(404);
  });
});
