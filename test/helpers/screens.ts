import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { catalogs } from '../../locales/messages.ts';
import { screenshotDir } from './browser.ts';

/** Saves what `page` shows as `<screenshotDir>/<name>.png`, to be looked at. */
export async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/**
 * The English sentences of the app that French changes (no placeholders, long enough to tell).
 * The built-in agent's (`builtin.*`) are not the app's: what it said in English before the user
 * switched to French stays in the conversation, as any agent's words do.
 */
export const englishOnly = Object.entries(catalogs.en)
  .filter(([key, text]) => {
    if (key.startsWith('builtin.')) return false;
    const french = catalogs.fr[key as keyof typeof catalogs.fr];
    return text !== french && !/[{}]/.test(text) && text.length >= 6 && /\s/.test(text);
  })
  .map(([, text]) => text);

/** No English sentence of the app is left on a French `screen`. */
export async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  const text = await page.locator('body').innerText();
  const left = englishOnly.filter((sentence) => text.includes(sentence));
  expect(left, `English on the ${screen} screen`).toEqual([]);
}
