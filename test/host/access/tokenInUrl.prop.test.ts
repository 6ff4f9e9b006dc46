import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  isApiPath,
  redactToken,
  tokenInUrl,
  withoutToken,
} from '../../../host/access/tokenInUrl.ts';

/** Spellings of the parameter name that a query parser reads as `token`. */
const tokenName = fc.constantFrom('token', 'TOKEN', 'Token', '%74oken', 't%6Fk%65n');
const otherName = fc
  .string({ minLength: 1, maxLength: 8 })
  .filter((name) => name.toLowerCase() !== 'token');
const parameter = fc
  .tuple(otherName, fc.string({ maxLength: 8 }))
  .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);

/** A URL with other parameters around one token parameter, and what it is made of. */
const urlWithToken = fc
  .record({
    path: fc.constantFrom('/', '/api/ws', '/app/chat'),
    before: fc.array(parameter, { maxLength: 3 }),
    after: fc.array(parameter, { maxLength: 3 }),
    name: tokenName,
    token: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  })
  .map((parts) => {
    const all = [
      ...parts.before,
      `${parts.name}=${encodeURIComponent(parts.token)}`,
      ...parts.after,
    ];
    return { ...parts, url: `${parts.path}?${all.join('&')}` };
  });

describe('the token in a URL', () => {
  test.prop([urlWithToken])('is read whatever the spelling of its name', ({ url, token }) => {
    expect(tokenInUrl(url)).toBe(token);
  });

  test.prop([urlWithToken])(
    'is removed with every other parameter kept byte for byte, in order',
    ({ url, path, before, after }) => {
      const others = [...before, ...after];
      expect(withoutToken(url)).toBe(others.length > 0 ? `${path}?${others.join('&')}` : path);
      expect(tokenInUrl(withoutToken(url))).toBeUndefined();
    },
  );

  test.prop([urlWithToken])('is redacted, the rest kept', ({ url, path, before, after, name }) => {
    const redacted = redactToken(url);
    expect(redacted).toBe(`${path}?${[...before, `${name}=[redacted]`, ...after].join('&')}`);
    expect(tokenInUrl(redacted)).toBe('[redacted]');
  });

  test.prop([fc.webPath(), fc.array(parameter, { maxLength: 3 })])(
    'leaves a URL without token as it is',
    (path, parameters) => {
      const url = parameters.length > 0 ? `${path}?${parameters.join('&')}` : path;
      expect(redactToken(url)).toBe(url);
      expect(withoutToken(url)).toBe(url);
      expect(tokenInUrl(url)).toBeUndefined();
    },
  );
});

describe('isApiPath', () => {
  test.each([
    ['/api', true],
    ['/api/ws', true],
    ['/API/ping', true],
    ['//api//rpc', true],
    ['/%61pi/rpc', true],
    ['/api;x', true],
    ['/%E0%A4%A', true],
    ['/', false],
    ['/apiary', false],
    ['/app/api/x', false],
    ['/index.html', false],
  ])('%s → %s', (path, expected) => {
    expect(isApiPath(path)).toBe(expected);
  });
});
