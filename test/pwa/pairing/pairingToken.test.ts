import { describe, expect, it } from 'vitest';
import { pairingCode, pairingToken, pairingUrl } from '../../../pwa/src/pairing/pairingToken.ts';

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

describe('a pairing code in what was pasted', () => {
  it('is found in a pairing link or alone, in any case, with spaces or dashes', () => {
    const found = {
      'https://vm.local:7777/pair?code=ABCDE23456': 'ABCDE23456',
      'http://127.0.0.1:7777/pair?x=1&code=abcde23456#top': 'ABCDE23456',
      ' abcde-23456 ': 'ABCDE23456',
      'ABCDE 23456': 'ABCDE23456',
    };
    for (const [pasted, code] of Object.entries(found)) expect(pairingCode(pasted)).toBe(code);
  });

  it('is not a token, a link without a code, nor letters a code never has', () => {
    for (const pasted of [
      '',
      'http://host:7777/?token=abc',
      'ABCDE2345',
      'ABCDE234560',
      'ABCDE2345O',
    ]) {
      expect(pairingCode(pasted)).toBeUndefined();
    }
  });
});
