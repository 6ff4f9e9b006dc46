import { describe, expect, it } from 'vitest';
import { splitPayload } from '../../../pwa/src/mesh/payloadText.ts';

describe('a payload to read', () => {
  it('says its reason, or its message, in words, and the rest as JSON', () => {
    expect(splitPayload({ reason: 'release 3.1', pr: 42 })).toEqual({
      text: 'release 3.1',
      rest: '{"pr":42}',
    });
    expect(splitPayload({ message: 'hello', reason: '' })).toEqual({
      text: 'hello',
      rest: '{"reason":""}',
    });
    expect(splitPayload({ reason: 3 })).toEqual({ text: undefined, rest: '{"reason":3}' });
    expect(splitPayload({})).toEqual({ text: undefined, rest: undefined });
  });
});
