import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { writeFileAtomic } from '../config/atomicWrite.ts';
import { localAddresses, localNames } from './localNames.ts';

/**
 * The certificate for `--tls` (CONTRACT.md §1): made once for this machine's names and addresses,
 * kept in the state dir (key 0600) so that a browser told to trust it keeps trusting it.
 */
export async function tlsMaterial(stateDir: string): Promise<{ key: string; cert: string }> {
  const folder = join(stateDir, 'tls');
  const keyFile = join(folder, 'key.pem');
  const certFile = join(folder, 'cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  }
  const names = [...new Set([...localNames(), ...localAddresses()])];
  const altNames = names.map((name) =>
    isIP(name) ? { type: 7 as const, ip: name.split('%')[0] } : { type: 2 as const, value: name },
  );
  const pems = await generate([{ name: 'commonName', value: localNames()[1] ?? 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 825 * 24 * 3600 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFileAtomic(keyFile, pems.private, 0o600);
  await writeFileAtomic(certFile, pems.cert, 0o644);
  return { key: pems.private, cert: pems.cert };
}
