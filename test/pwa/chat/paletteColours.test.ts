import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  completeLength,
  paletteColours,
  paletteIndex,
} from '../../../pwa/src/chat/paletteColours.ts';

const esc = '\u001b[';

describe('24-bit colours in a terminal', () => {
  it('become the nearest palette colour, in both forms, foreground and background', () => {
    expect(paletteColours(`${esc}38;2;255;128;0mwarn${esc}0m`)).toBe(`${esc}38;5;208mwarn${esc}0m`);
    expect(paletteColours(`${esc}1;48;2;0;0;0;38;2;255;255;255mx`)).toBe(
      `${esc}1;48;5;16;38;5;231mx`,
    );
    expect(paletteColours(`${esc}38:2::95:135:175m`)).toBe(`${esc}38;5;67m`);
    expect(paletteColours(`${esc}38:2:95:135:175m`)).toBe(`${esc}38;5;67m`);
  });

  it('leave palette colours, other sequences and text as they are', () => {
    const text = `${esc}32mok${esc}0m ${esc}38;5;2;48;5;200mx${esc}2K plain 38;2;1;2;3m`;
    expect(paletteColours(text)).toBe(text);
  });

  it('take greys to the grey ramp', () => {
    expect(paletteIndex([128, 128, 128])).toBe(244);
    expect(paletteIndex([8, 8, 8])).toBe(232);
    expect(paletteIndex([0, 0, 0])).toBe(16);
  });

  test.prop([fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255))])(
    'always name a colour of the palette past its 16 system ones',
    (rgb) => {
      const index = paletteIndex(rgb);
      expect(index).toBeGreaterThanOrEqual(16);
      expect(index).toBeLessThanOrEqual(255);
    },
  );

  it('wait for a sequence that the output so far ends in the middle of', () => {
    expect(completeLength(`ab${esc}38;2;25`)).toBe(2);
    expect(completeLength('ab\u001b')).toBe(2);
    expect(completeLength(`ab${esc}0m`)).toBe(6);
  });
});
