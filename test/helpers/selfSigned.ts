import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the certificate says of itself, besides its key. */
export interface SelfSignedOptions {
  subject: string;
  days: number;
  /** `-addext` values: `basicConstraints=…`, `subjectAltName=…`. */
  extensions: string[];
}

/**
 * Writes an RSA key and a certificate signed by it, with `openssl req -x509`: a foreign root (an
 * mkcert CAROOT) or the self-signed server certificate of an older state dir.
 * @example
 * await selfSigned(join(tls, 'key.pem'), join(tls, 'cert.pem'), { subject: '/CN=old', days: 825, extensions: [] });
 */
export async function selfSigned(
  keyPath: string,
  certPath: string,
  { subject, days, extensions }: SelfSignedOptions,
): Promise<void> {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyPath,
    '-out',
    certPath,
    '-days',
    String(days),
    '-subj',
    subject,
    ...extensions.flatMap((extension) => ['-addext', extension]),
  ]);
}
