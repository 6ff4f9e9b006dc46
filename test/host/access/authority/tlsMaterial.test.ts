import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthority } from '../../../../host/access/authority/authority.ts';
import { issueServerCertificate } from '../../../../host/access/authority/serverCertificate.ts';
import { altNames, handshake, openFor, stateDirs, tabletHost } from './authorityHarness.ts';

const place = stateDirs();
const day = 24 * 3600 * 1000;

describe('the authority of --tls', () => {
  it('is made once, its key 0600, and used again at the next start', async () => {
    const where = await place();
    const first = await openFor(where, { current: tabletHost });
    const tls = join(where.stateDir, 'tls');
    expect((await stat(join(tls, 'ca-key.pem'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(tls, 'key.pem'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(tls, 'ca.pem'), 'utf8')).toBe(first.authority.pem);

    const second = await openFor(where, { current: tabletHost });
    expect(second.authority.pem).toBe(first.authority.pem);
    expect(second.current()).toEqual(first.current());
    expect(first.authority.source).toBe('switchboard');
    const ca = new X509Certificate(first.authority.pem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain('CN=Switchboard on tablet-host');
  });

  it('signs a server certificate for the names and addresses of the machine, for 180 days', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const material = await openFor(await place(), { current: tabletHost }, { now });
    const leaf = new X509Certificate(material.current().cert);
    const ca = new X509Certificate(material.authority.pem);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    // The global and link-local IPv6 addresses are left out: temporary, or not for a URL.
    expect(altNames(material.current().cert)).toEqual([
      'DNS:localhost',
      'DNS:tablet-host',
      'DNS:tablet-host.local',
      'IP Address:0:0:0:0:0:0:0:1',
      'IP Address:127.0.0.1',
      'IP Address:192.0.2.2',
      'IP Address:192.168.1.20',
      'IP Address:FD00:0:0:0:0:0:0:2',
    ]);
    const validFrom = new Date(leaf.validFrom).getTime();
    const validTo = new Date(leaf.validTo).getTime();
    expect(validFrom).toBeLessThanOrEqual(now.getTime());
    expect(validTo - validFrom).toBe(180 * day);
    // Apple and Chrome: at most 398 days; the CA/Browser Forum: 200 since March 2026.
    expect(validTo - validFrom).toBeLessThanOrEqual(200 * day);
  });

  it('is trusted by a real TLS client for every name, and constrains what it signs', async () => {
    const material = await openFor(await place(), { current: tabletHost });
    const ca = material.authority.pem;
    for (const name of ['tablet-host', 'tablet-host.local', 'localhost']) {
      await handshake(material.current(), ca, name);
    }
    await expect(handshake(material.current(), ca, 'example.com')).rejects.toThrow(
      /Hostname\/IP does not match/,
    );
    // Signed by the same authority for a name outside its constraints: OpenSSL refuses the chain.
    const stranger = await issueServerCertificate(
      material.authority,
      { dns: ['example.com'], ips: ['8.8.8.8'] },
      new Date(),
    );
    await expect(handshake(stranger, ca, 'example.com')).rejects.toThrow(
      /name constraint|subtree/i,
    );
  });

  it('issues the certificate again when the addresses change, at start or while running', async () => {
    const where = await place();
    const machine = { current: tabletHost };
    const material = await openFor(where, machine);
    expect(await material.refresh()).toBeUndefined();
    const before = material.current();

    machine.current = { ...tabletHost, addresses: ['127.0.0.1', '10.0.0.7'] };
    const changed = await material.refresh();
    expect(changed).toBeDefined();
    expect(altNames(changed!.cert)).toContain('IP Address:10.0.0.7');
    expect(altNames(changed!.cert)).not.toContain('IP Address:192.168.1.20');
    expect(material.authority.pem).toBe((await openFor(where, machine)).authority.pem);
    expect(await material.refresh()).toBeUndefined();
    expect(changed!.cert).not.toBe(before.cert);
    expect(await readFile(join(where.stateDir, 'tls', 'cert.pem'), 'utf8')).toBe(changed!.cert);

    // At the next start, on yet another network.
    machine.current = { ...tabletHost, addresses: ['127.0.0.1', '172.20.1.3'] };
    const restarted = await openFor(where, machine);
    expect(altNames(restarted.current().cert)).toContain('IP Address:172.20.1.3');
  });

  it('leaves out an address outside its constraints, and says so', async () => {
    const where = await place();
    const machine = { current: tabletHost };
    const warnings: string[] = [];
    const material = await openFor(where, machine, undefined, { warn: (m) => warnings.push(m) });
    machine.current = { ...tabletHost, addresses: ['127.0.0.1', '203.0.113.9'] };
    const changed = await material.refresh();
    expect(altNames(changed!.cert)).toEqual([
      'DNS:localhost',
      'DNS:tablet-host',
      'DNS:tablet-host.local',
      'IP Address:127.0.0.1',
    ]);
    expect(warnings.join('\n')).toMatch(/does not cover 203\.0\.113\.9/);
    await handshake(changed!, material.authority.pem, 'tablet-host.local');
  });

  it('makes a new authority when the host name changes', async () => {
    const where = await place();
    const machine = { current: tabletHost };
    const warnings: string[] = [];
    const material = await openFor(where, machine, undefined, { warn: (m) => warnings.push(m) });
    const old = material.authority.pem;
    machine.current = { ...tabletHost, hostname: 'studio' };
    const changed = await material.refresh();
    expect(material.authority.pem).not.toBe(old);
    expect(altNames(changed!.cert)).toContain('DNS:studio.local');
    expect(warnings.join('\n')).toMatch(/does not cover this machine's name “studio”/);
    await handshake(changed!, material.authority.pem, 'studio.local');
  });

  it('issues the certificate again 30 days before its end', async () => {
    const clock = { now: new Date('2026-11-29T10:00:00Z') };
    const material = await openFor(await place(), { current: tabletHost }, clock);
    clock.now = new Date(clock.now.getTime() + 149 * day);
    expect(await material.refresh()).toBeUndefined();
    clock.now = new Date(clock.now.getTime() + 2 * day);
    const renewed = await material.refresh();
    expect(new Date(new X509Certificate(renewed!.cert).validTo).getTime()).toBeGreaterThan(
      clock.now.getTime() + 170 * day,
    );
  });

  it('makes a new authority in place of one it cannot read, and warns', async () => {
    const where = await place();
    const first = await openFor(where, { current: tabletHost });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(where.stateDir, 'tls', 'ca-key.pem'), 'not a key');
    const warnings: string[] = [];
    const second = await openFor(where, { current: tabletHost }, undefined, {
      warn: (m) => warnings.push(m),
    });
    expect(second.authority.pem).not.toBe(first.authority.pem);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/new certificate authority.*devices must trust the new one/);
    await handshake(second.current(), second.authority.pem, 'tablet-host.local');
  });

  it('issues a server certificate again when its files are missing or broken, keeping the authority', async () => {
    const where = await place();
    const first = await openFor(where, { current: tabletHost });
    const { chmod, rm, writeFile } = await import('node:fs/promises');
    const tls = join(where.stateDir, 'tls');
    await writeFile(join(tls, 'cert.pem'), '-----BEGIN CERTIFICATE-----\nAAAA\n');
    const second = await openFor(where, { current: tabletHost });
    expect(second.authority.pem).toBe(first.authority.pem);
    await handshake(second.current(), second.authority.pem, 'localhost');

    await rm(join(tls, 'key.pem'));
    const third = await openFor(where, { current: tabletHost });
    expect(third.current().cert).not.toBe(second.current().cert);
    await handshake(third.current(), third.authority.pem, 'localhost');

    // A key file another tool made readable is made 0600 again.
    await chmod(join(tls, 'ca-key.pem'), 0o644);
    await openFor(where, { current: tabletHost });
    expect((await stat(join(tls, 'ca-key.pem'))).mode & 0o777).toBe(0o600);
  });

  it('reads a missing half of the authority as a broken one', async () => {
    const where = await place();
    await openFor(where, { current: tabletHost });
    const { rm } = await import('node:fs/promises');
    await rm(join(where.stateDir, 'tls', 'ca.pem'));
    const warnings: string[] = [];
    const authority = await loadAuthority({
      folder: join(where.stateDir, 'tls'),
      machine: tabletHost,
      env: where.env,
      warn: (m) => warnings.push(m),
    });
    expect(warnings[0]).toMatch(/half of it is missing/);
    expect(await readFile(join(where.stateDir, 'tls', 'ca.pem'), 'utf8')).toBe(authority.pem);
  });
});
