import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfSigned } from '../../../helpers/selfSigned.ts';
import { altNames, handshake, openFor, stateDirs, tabletHost } from './authorityHarness.ts';

const place = stateDirs();

/** A CAROOT as `mkcert -install` leaves it: an RSA root and its PKCS#8 key, no constraints. */
async function fakeCaroot(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  await selfSigned(join(folder, 'rootCA-key.pem'), join(folder, 'rootCA.pem'), {
    subject: '/O=mkcert development CA/OU=test@tablet-host/CN=mkcert test@tablet-host',
    days: 3650,
    extensions: ['basicConstraints=critical,CA:TRUE,pathlen:0', 'keyUsage=critical,keyCertSign'],
  });
  return folder;
}

describe('an authority mkcert already installed', () => {
  it('signs the server certificate instead of one of the host’s own', async () => {
    const where = await place();
    const caroot = await fakeCaroot(join(dirname(where.stateDir), 'mkcert'));
    const material = await openFor({ ...where, env: { CAROOT: caroot } }, { current: tabletHost });
    expect(material.authority.source).toBe('mkcert');
    expect(material.authority.constraints).toBeUndefined();
    const root = new X509Certificate(
      await import('node:fs/promises').then((fs) =>
        fs.readFile(join(caroot, 'rootCA.pem'), 'utf8'),
      ),
    );
    expect(material.authority.der.equals(root.raw)).toBe(true);
    const leaf = new X509Certificate(material.current().cert);
    expect(leaf.checkIssued(root) && leaf.verify(root.publicKey)).toBe(true);
    // mkcert's root has no constraints: every address of the machine, the global IPv6 one too.
    expect(altNames(material.current().cert)).toContain('IP Address:192.0.2.2');
    await handshake(material.current(), root.toString(), 'tablet-host.local');
    // Nothing of the host's own authority is made.
    expect(existsSync(join(where.stateDir, 'tls', 'ca-key.pem'))).toBe(false);
  });

  it('is passed over, with a warning, when its key is not readable or not its own', async () => {
    const where = await place();
    const caroot = await fakeCaroot(join(dirname(where.stateDir), 'mkcert'));
    const other = await fakeCaroot(join(dirname(where.stateDir), 'other'));
    const { copyFile } = await import('node:fs/promises');
    await copyFile(join(other, 'rootCA-key.pem'), join(caroot, 'rootCA-key.pem'));
    const warnings: string[] = [];
    const material = await openFor(
      { ...where, env: { CAROOT: caroot } },
      { current: tabletHost },
      undefined,
      {
        warn: (message) => warnings.push(message),
      },
    );
    expect(material.authority.source).toBe('switchboard');
    expect(warnings.join('\n')).toMatch(/mkcert's root in .* cannot be used \(its key is not/);
  });

  it('is not used when only its certificate is there (mkcert -CAROOT of another user)', async () => {
    const where = await place();
    const caroot = join(dirname(where.stateDir), 'mkcert');
    await mkdir(caroot);
    await writeFile(join(caroot, 'rootCA.pem'), '');
    const material = await openFor({ ...where, env: { CAROOT: caroot } }, { current: tabletHost });
    expect(material.authority.source).toBe('switchboard');
  });

  it('is found in the default folder when CAROOT is not set and mkcert is not installed', async () => {
    const where = await place();
    const home = dirname(where.stateDir);
    await fakeCaroot(join(home, '.local', 'share', 'mkcert'));
    const material = await openFor(
      { ...where, env: { HOME: home, PATH: '/nonexistent' } },
      { current: tabletHost },
    );
    expect(material.authority.source).toBe('mkcert');
  });
});
