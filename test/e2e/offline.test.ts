import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserPerFile, buildApp, openPage, type PageGlobals } from '../helpers/browser.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerTest } from '../helpers/hostProcess.ts';

const start = hostPerTest();
const launch = browserPerFile();

/** The page is paired, connected, and controlled by the service worker (as on a second visit). */
async function pairedPage(url: string) {
  const { page, context } = await openPage(await launch());
  await page.goto(url);
  await page.evaluate(async () =>
    Boolean(await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready),
  );
  await page.goto(new URL('/', url).href);
  await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
  expect(
    await page.evaluate(
      () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
    ),
  ).toBe(true);
  return { page, context };
}

describe('the installed app when the host is away or new', () => {
  it('opens its shell offline and says the host is unreachable', async () => {
    const host = await start(configText({}), [], { SWITCHBOARD_APP_DIR: await buildApp() });
    const { page, context } = await pairedPage(host.url);
    expect(await host.stop()).toBe(0);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'The host cannot be reached' }).waitFor();
    expect(await page.getByRole('button', { name: 'Retry now' }).isVisible()).toBe(true);
    await context.close();
  });

  // Two builds of the app: each takes seconds, several times that on a loaded 2-core machine.
  it('offers to reload when a new version is built, and reloads into it', async () => {
    const appDir = await buildApp({ fresh: true });
    const host = await start(configText({}), [], { SWITCHBOARD_APP_DIR: appDir });
    const { page, context } = await pairedPage(host.url);
    const before = await page.locator('.brand').getAttribute('title');
    // A new version lands over the old one, its service worker last, as a deployment would.
    const next = await buildApp({ fresh: true });
    await cp(next, appDir, { recursive: true, filter: (source) => !source.endsWith('sw.js') });
    await cp(join(next, 'sw.js'), join(appDir, 'sw.js'));
    await page.evaluate(async () => {
      await (await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready).update();
    });
    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.waitFor();
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    expect(await page.locator('.brand').getAttribute('title')).not.toBe(before);
    await context.close();
  }, 120_000);
});
