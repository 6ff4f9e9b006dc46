import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { tokenMatches } from '../../../host/access/token.ts';

/** Any UTF-16 code unit, lone surrogates included: they must not collide. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
/** Few letters, so that equal and nearly equal strings come up often. */
const fewUnits = fc.constantFrom('a', 'b', '\uD800', '\uDC00', '\uFFFD');
const text = fc.oneof(
  fc.string({ unit: codeUnit, maxLength: 80 }),
  fc.string({ unit: fewUnits, maxLength: 4 }),
);

describe('tokenMatches', () => {
  test.prop([text, text])('is true exactly when the strings are equal', (given, token) => {
    expect(tokenMatches(given, token)).toBe(given === token);
  });

  test.prop([text])('is true for the token itself', (token) => {
    expect(tokenMatches(token, token)).toBe(true);
  });

  test.prop([text, fc.nat(), fc.string({ unit: codeUnit, minLength: 1, maxLength: 4 })])(
    'is false for the token with anything inserted, or the token without it',
    (token, at, extra) => {
      const index = token.length === 0 ? 0 : at % token.length;
      const inserted = token.slice(0, index) + extra + token.slice(index);
      expect(tokenMatches(inserted, token)).toBe(false);
      expect(tokenMatches(token, inserted)).toBe(false);
    },
  );

  test('tells apart two lone surrogates that UTF-8 would both turn into U+FFFD', () => {
    expect(tokenMatches('\uD800', '\uDC00')).toBe(false);
    expect(tokenMatches('\uD800', '\uFFFD')).toBe(false);
  });
});
