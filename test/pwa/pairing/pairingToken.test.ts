import { describe, expect, it } from 'vitest';
import { pairingToken, pairingUrl } from '../../../pwa/src/pairing/pairingToken.ts';

describe('the token in what was pasted', () => {
  it.each([
    ['http://192.168.1.20:7777/?token=Zx9_-a', 'Zx9_-a'],
    ['https://box.local/?since=3&token=abc#top', 'abc'],
    ['  http://localhost:7777/?token=abc \n', 'abc'],
    ['localhost:7777/?token=abc', 'abc'],
    ['/?token=abc', 'abc'],
    ['token=abc', 'abc'],
    ['http://localhost:7777/?TOKEN=abc', 'abc'],
    ['http://localhost:7777/?%74oken=abc', 'abc'],
    ['http://localhost:7777/?token=a%2Bb', 'a+b'],
    ['Zx9_-aQ3', 'Zx9_-aQ3'],
    ['  Zx9_-aQ3  ', 'Zx9_-aQ3'],
    ['secret==', 'secret=='],
  ])('%j holds %j', (pasted, token) => {
    expect(pairingToken(pasted)).toBe(token);
  });

  it.each(['', '   ', 'http://localhost:7777/', 'http://localhost:7777/?token=', 'two words'])(
    '%j holds none',
    (pasted) => {
      expect(pairingToken(pasted)).toBeUndefined();
    },
  );

  it('sends the page to the host with the token, encoded', () => {
    expect(pairingUrl('abc')).toBe('/?token=abc');
    expect(pairingUrl('a+b&c')).toBe('/?token=a%2Bb%26c');
  });
});
