import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  buildApp,
  openPage,
  screenshotDir,
  viewports,
  type PageGlobals,
} from '../helpers/browser.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, testToken } from '../helpers/hostProcess.ts';

const start = hostPerFile();
const launch = browserPerFile();
let app: string | undefined;
const appDir = async () => (app ??= await buildApp());

describe('the PWA in Chromium, against a real host', () => {
  it('pairs with the printed link, connects, and is installable (manifest, service worker)', async () => {
    const host = await start(configText({ a: ['--session'] }), [], {
      SWITCHBOARD_APP_DIR: await appDir(),
    });
    const { page, context } = await openPage(await launch());
    await page.goto(host.url);
    // The host set the cookie and sent the browser to the app without the token.
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.httpOnly && cookie.value !== testToken)).toBe(true);

    const manifest = (await (
      await page.request.get(`${host.base}/manifest.webmanifest`)
    ).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Switchboard',
      short_name: 'Switchboard',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const response = await page.request.get(`${host.base}${icon.src}`);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    const link = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(link).toBe('/manifest.webmanifest');
    const workerState = () =>
      page.evaluate(async () => {
        const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker
          .ready;
        return registration.active?.state;
      });
    await expect.poll(workerState).toBe('activated');
    await context.close();
  });

  it('asks to pair when opened without the token, and pairs from a pasted link', async () => {
    const host = await start(configText({}), [], { SWITCHBOARD_APP_DIR: await appDir() });
    const { page, context } = await openPage(await launch());
    await page.goto(host.base);
    const field = page.getByRole('textbox');
    await field.waitFor();
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'pairing.en.desktop.png') });
    await field.fill(host.url);
    await field.press('Enter');
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    await context.close();
  });

  it('asks to pair in French on a French tablet', async () => {
    const host = await start(configText({}), [], { SWITCHBOARD_APP_DIR: await appDir() });
    const { page, context } = await openPage(await launch(), viewports.tablet, 'fr-FR');
    await page.goto(host.base);
    await page.getByRole('textbox').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Pair');
    expect(text).toMatch(/Associer/);
    await page.screenshot({ path: join(screenshotDir, 'pairing.fr.tablet.png') });
    await context.close();
  });
});
