// Draws the app's icons into pwa/public/icons (node scripts/makeIcons.mjs): a blue rounded square
// with a white switchboard glyph, three lines each with a plug, and a maskable variant whose
// background bleeds to the edges with the glyph inside the 80 % safe zone. Commit the PNGs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import pngjs from 'pngjs';

const { PNG } = pngjs;
const outDir = fileURLToPath(new URL('../pwa/public/icons/', import.meta.url));

const blue = [0x1f, 0x6f, 0xeb, 255];
const white = [255, 255, 255, 255];
const clear = [0, 0, 0, 0];
/** Samples per pixel side: 4 × 4 samples smooth the edges. */
const samples = 4;

/**
 * The glyph, in its own units (it spans -1…1 across): three lines, each with a round plug (a
 * white disc with a hole) at a different place, like cords on a switchboard.
 */
const lines = [
  { y: -0.6, plug: -0.42 },
  { y: 0, plug: 0.48 },
  { y: 0.6, plug: -0.06 },
];
const lineHalfWidth = 0.09;
const plugRadius = 0.27;
const holeRadius = 0.1;

/** The glyph's colour at (x, y) in glyph units, or undefined outside it. */
function glyph(x, y) {
  for (const line of lines) {
    const dx = x - line.plug;
    const dy = y - line.y;
    const distance = Math.hypot(dx, dy);
    if (distance <= holeRadius) return blue;
    if (distance <= plugRadius) return white;
    // A line is a capsule from x = -1 to 1, its round ends included.
    const along = Math.min(Math.max(x, -1 + lineHalfWidth), 1 - lineHalfWidth);
    if (Math.hypot(x - along, dy) <= lineHalfWidth) return white;
  }
  return undefined;
}

/** Inside a square of side 1 centred on 0.5, 0.5 with corners of `radius` (unit coordinates). */
function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/**
 * Renders one icon of `size` px. `glyphScale` is half the glyph's width as a fraction of the
 * icon; `cornerRadius` 0 fills the whole square (maskable).
 */
function render(size, { glyphScale, cornerRadius }) {
  const png = new PNG({ width: size, height: size });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          const background = cornerRadius === 0 || inRoundedSquare(x, y, cornerRadius);
          const colour = background
            ? (glyph((x - 0.5) / glyphScale, (y - 0.5) / glyphScale) ?? blue)
            : clear;
          // Premultiplied, so a transparent sample does not darken the edge.
          for (let c = 0; c < 3; c++) sum[c] += (colour[c] * colour[3]) / 255;
          sum[3] += colour[3];
        }
      }
      const n = samples * samples;
      const alpha = sum[3] / n;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        png.data[offset + c] = alpha === 0 ? 0 : Math.round(((sum[c] / n) * 255) / alpha);
      }
      png.data[offset + 3] = Math.round(alpha);
    }
  }
  return PNG.sync.write(png);
}

const regular = { glyphScale: 0.3, cornerRadius: 0.2 };
// The farthest painted point of the glyph is about 1.17 units from its centre: at 0.28 it stays
// within 0.33 of the icon's centre, inside the maskable safe zone (a circle of radius 0.4).
const maskable = { glyphScale: 0.28, cornerRadius: 0 };

mkdirSync(outDir, { recursive: true });
for (const [file, size, options] of [
  ['icon-192.png', 192, regular],
  ['icon-512.png', 512, regular],
  ['icon-maskable-512.png', 512, maskable],
]) {
  writeFileSync(`${outDir}${file}`, render(size, options));
  stdout.write(`pwa/public/icons/${file}\n`);
}
