/**
 * A terminal's output with its 24-bit colours (`ESC[38;2;r;g;bm`, `ESC[48;2;…m`, colon forms too)
 * turned into the nearest of the 256-colour palette (`ESC[38;5;nm`). xterm.js draws palette
 * colours with its own classes, but a 24-bit one as a `style` attribute, which the app's CSP
 * refuses. See https://en.wikipedia.org/wiki/ANSI_escape_code#8-bit
 */

const escape = String.fromCharCode(0x1b);
/** A Select Graphic Rendition sequence (colours, bold…): `ESC[<params>m`. */
const sgr = new RegExp(`${escape}\\[([0-9;:]*)m`, 'g');
/** A sequence the text ends in the middle of. */
const partialSequence = new RegExp(`${escape}(?:\\[[0-9;:?]*)?$`);

/** The six levels of each channel in the palette's colour cube (16–231). */
const cubeLevels = [0, 95, 135, 175, 215, 255];

const nearestLevel = (value: number): number => {
  let best = 0;
  for (let index = 1; index < cubeLevels.length; index++) {
    if (Math.abs(cubeLevels[index]! - value) < Math.abs(cubeLevels[best]! - value)) best = index;
  }
  return best;
};

const distance = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, value, index) => sum + (value - b[index]!) ** 2, 0);

/** The palette colour nearest to `rgb`: one of the cube's or one of the 24 greys (232–255). */
export function paletteIndex(rgb: readonly [number, number, number]): number {
  const cube = rgb.map(nearestLevel);
  const cubeRgb = cube.map((level) => cubeLevels[level]!);
  const average = (rgb[0] + rgb[1] + rgb[2]) / 3;
  const grey = Math.max(0, Math.min(23, Math.round((average - 8) / 10)));
  const greyValue = 8 + grey * 10;
  return distance(rgb, [greyValue, greyValue, greyValue]) < distance(rgb, cubeRgb)
    ? 232 + grey
    : 16 + 36 * cube[0]! + 6 * cube[1]! + cube[2]!;
}

const channel = (text: string | undefined): number =>
  Math.max(0, Math.min(255, Number.parseInt(text || '0', 10) || 0));

/** The parameters of one SGR sequence, its 24-bit colours as palette ones. */
function paletteParams(params: string): string {
  // The colon form: 38:2:<colour space>:r:g:b, or 38:2:r:g:b.
  const colon = params.replace(
    /\b([34]8):2:(?:(\d*):)?(\d*):(\d*):(\d*)/g,
    (_, kind: string, ...rest) => {
      const [r, g, b] = (rest as (string | undefined)[]).slice(1, 4).map(channel);
      return `${kind};5;${paletteIndex([r!, g!, b!])}`;
    },
  );
  const parts = colon.split(';');
  for (let index = 0; index < parts.length; index++) {
    if ((parts[index] === '38' || parts[index] === '48') && parts[index + 1] === '2') {
      const [r, g, b] = parts.slice(index + 2, index + 5).map(channel);
      parts.splice(index + 1, 4, '5', String(paletteIndex([r!, g!, b!])));
      index += 2;
    } else if ((parts[index] === '38' || parts[index] === '48') && parts[index + 1] === '5') {
      index += 2;
    }
  }
  return parts.join(';');
}

/** `text` with every SGR sequence's 24-bit colours as palette ones. */
export function paletteColours(text: string): string {
  return text.replace(sgr, (_, params: string) => `${escape}[${paletteParams(params)}m`);
}

/** Where a sequence that `text` ends in the middle of starts (or `text.length`): it waits. */
export function completeLength(text: string): number {
  const partial = partialSequence.exec(text);
  return partial ? partial.index : text.length;
}
