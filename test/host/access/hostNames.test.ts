import { hostname, networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  hostOfHeader,
  isThisMachine,
  normalizeHostName,
  originMatchesHost,
} from '../../../host/access/hostNames.ts';

describe('hostOfHeader', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LocalHost.:7777', 'localhost'],
    ['127.0.0.1:80', '127.0.0.1'],
    ['[::1]:7777', '[::1]'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['MyBox.Local', 'mybox.local'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%s → %s', (header, expected) => {
    expect(hostOfHeader(header)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'evil.example@localhost',
    'localhost/x',
    'localhost:port',
    '::1',
    '[fe80::1%25eth0]',
    'a b',
    'localhost:7777:1',
  ])('refuses %s', (header) => {
    expect(hostOfHeader(header)).toBeUndefined();
  });
});

describe('normalizeHostName', () => {
  it('reads allowedHosts entries, IPv6 with or without brackets', () => {
    expect(normalizeHostName(' MyBox.Local ')).toBe('mybox.local');
    expect(normalizeHostName('FD00::0007')).toBe('[fd00::7]');
    expect(normalizeHostName('[fd00::7]')).toBe('[fd00::7]');
    expect(normalizeHostName('not a name')).toBeUndefined();
  });
});

describe('isThisMachine', () => {
  it('knows localhost, loopback, the host name and every interface address', () => {
    const addresses = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map(({ address, family }) => (family === 'IPv6' ? `[${address}]` : address));
    const names = [
      'localhost',
      '127.0.0.1',
      '127.9.9.9',
      '[::1]',
      hostname(),
      `${hostname()}.local`,
    ];
    for (const name of [...names, ...addresses]) {
      const normalized = hostOfHeader(name);
      expect(normalized && isThisMachine(normalized), name).toBe(true);
    }
  });

  it('knows nothing else', () => {
    for (const name of ['evil.example', 'localhost.evil.example', '0.0.0.0', '[::2]', '8.8.8.8']) {
      expect(isThisMachine(name), name).toBe(false);
    }
  });
});

describe('originMatchesHost', () => {
  it.each([
    ['http://localhost:7777', 'localhost:7777', false, true],
    ['http://LOCALHOST:7777', 'localhost:7777', false, true],
    ['http://localhost', 'localhost:80', false, true],
    ['https://box.local', 'box.local:443', true, true],
    ['https://box.local:7777', 'box.local:7777', true, true],
    ['http://[::1]:7777', '[::1]:7777', false, true],
    ['http://localhost:7778', 'localhost:7777', false, false],
    ['http://evil.example', 'localhost', false, false],
    ['https://localhost', 'localhost:80', false, false],
    ['https://127.0.0.1:7777', '127.0.0.1:7777', false, false],
    ['http://127.0.0.1:7777', '127.0.0.1:7777', true, false],
    ['ws://127.0.0.1:7777', '127.0.0.1:7777', false, false],
    ['null', 'localhost', false, false],
    ['chrome-extension://abcdef', 'localhost', false, false],
    ['http://localhost', undefined, false, false],
  ])('%s sent to %s (TLS %s) → %s', (origin, host, tls, expected) => {
    expect(originMatchesHost(origin, host, tls)).toBe(expected);
  });
});
