import { describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress } from '../../../host/push/pushEndpoint.ts';

/** What the guarded lookup resolves `name` to, or the code of its refusal. */
const resolve = (name: string, loopback: boolean) =>
  new Promise<string>((done) =>
    guardedLookup(loopback)(name, { all: true }, (error, addresses) =>
      done(error ? String(error.code) : JSON.stringify(addresses)),
    ),
  );

describe('the addresses a push may reach', () => {
  it('tells public addresses from this machine, the LAN and the reserved ones', () => {
    for (const address of ['142.250.74.106', '2a00:1450:4007:80c::200a', '8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to this machine when connecting (a rebinding DNS)', async () => {
    expect(await resolve('localhost', false)).toBe('ENOTFOUND');
    expect(JSON.parse(await resolve('localhost', true))).toContainEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
