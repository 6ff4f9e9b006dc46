/**
 * The inspector's target picker shows its placeholder and each option whole, in a real Chromium,
 * at a desktop's size and a portrait tablet's, in English and in French: it was cut off on a
 * desktop ("Choose what to ins…"), the screen's first column being narrower than its words.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPage, screenshotDir } from '../helpers/browser.ts';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { configText } from '../helpers/configHarness.ts';

const { start, launch } = appHostsPerFile();

const sizes = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

/**
 * For each label the picker can show (its placeholder, its options), how much wider it is than
 * the closed select's room for text: its width in the select's font, its padding, and the arrow.
 */
function overflows(): { label: string; missing: number }[] {
  type Element = {
    clientWidth: number;
    options: ArrayLike<{ label: string }>;
    ownerDocument: { createElement(tag: 'canvas'): Canvas };
  };
  type Canvas = {
    getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
  };
  const page = globalThis as unknown as {
    document: { querySelector(selector: string): Element };
    getComputedStyle(element: Element): {
      font: string;
      paddingLeft: string;
      paddingRight: string;
    };
  };
  const select = page.document.querySelector('.inspector-target select');
  const style = page.getComputedStyle(select);
  const context = select.ownerDocument.createElement('canvas').getContext('2d');
  context.font = style.font;
  // Chromium's drop-down arrow takes about this much of a select's inner width.
  const arrow = 20;
  const room =
    select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
  return Array.from(select.options, ({ label }) => ({
    label,
    missing: Math.ceil(context.measureText(label).width - room),
  })).filter(({ missing }) => missing > 0);
}

describe('the inspector’s target picker, in Chromium', () => {
  for (const language of ['en', 'fr'] as const) {
    for (const size of ['desktop', 'tablet'] as const) {
      it(`shows its placeholder and options whole (${language}, ${size})`, async () => {
        const host = await start(
          configText({ 'build-agent': ['--session'] }, `language: ${language}\n`),
        );
        const { page, context } = await openPage(await launch(), sizes[size]);
        await page.goto(host.url);
        await page.goto(`${host.base}/#/inspector`);
        const select = page.locator('.inspector-target select');
        await select.waitFor();
        await page.locator('.inspector-target option[value="build-agent"]').waitFor({
          state: 'attached',
        });
        expect(await page.evaluate(overflows)).toEqual([]);
        await mkdir(screenshotDir, { recursive: true });
        await page.screenshot({
          path: join(screenshotDir, `inspector-picker.${language}.${size}.png`),
        });
        await context.close();
      }, 60_000);
    }
  }
});
