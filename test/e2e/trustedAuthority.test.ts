import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumFlags, chromiumPath, launchChromium } from '../../scripts/chromium.ts';
import {
  buildApp,
  screenshotDir,
  viewports,
  watchCsp,
  type PageGlobals,
} from '../helpers/browser.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';
import {
  download,
  machineName as name,
  removeTrustingHomes,
  resolverRules,
  trustingHome,
} from '../helpers/trust.ts';

const start = hostPerFile();

const browsers: { close(): Promise<void> }[] = [];
const violations: string[] = [];
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await removeTrustingHomes();
});

/**
 * A Chromium whose HOME has an NSS database: one that trusts the host's authority (`certutil -A
 * -t "C,,"`, as the Linux steps of the pairing screen say), or, without `ca`, an empty one.
 */
async function chromiumTrusting(ca?: Buffer): Promise<Browser> {
  const home = await trustingHome(ca);
  const browser = await launchChromium({
    args: [resolverRules],
    env: { ...process.env, HOME: home },
  });
  browsers.push(browser);
  return browser;
}

async function pageIn(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  locale = 'en-US',
  clickedThrough = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale,
    hasTouch: viewport.width < 1000,
    // What a person does who clicks through the warning: the page loads, untrusted.
    ignoreHTTPSErrors: clickedThrough,
  });
  await watchCsp(context, violations);
  return { context, page: await context.newPage() };
}

/** What the pairing screen says of the trust, once it knows. */
const trustState = (page: Page) =>
  page.locator('.trust:not([data-trust="checking"]) [role="status"]').innerText();

describe('a browser that trusts the host’s authority (CONTRACT.md §9)', () => {
  let host: HostProcess;
  let origin: string;
  let trusting: Browser;

  it('opens https://<hostname>:PORT with no certificate error, registers the service worker, and can install the app', async () => {
    host = await start(configText({}), ['--tls'], {
      SWITCHBOARD_APP_DIR: await buildApp(),
      CAROOT: join(tmpdir(), 'switchboard-no-mkcert'),
    });
    origin = `https://${name}:${new URL(host.base).port}`;
    const home = await trustingHome(await download(host, '/ca.crt'));
    // A profile of its own, not an incognito context: Chromium installs no app from those.
    const context = await chromium.launchPersistentContext(join(home, 'profile'), {
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumFlags, resolverRules],
      env: { ...process.env, HOME: home },
      viewport: viewports.desktop,
      locale: 'en-US',
    });
    browsers.push(context);
    await watchCsp(context, violations);
    const page = await context.newPage();
    trusting = await launchChromium({ args: [resolverRules], env: { ...process.env, HOME: home } });
    browsers.push(trusting);
    // Any certificate error would make goto throw (net::ERR_CERT_…).
    await page.goto(`${origin}${new URL(host.url).search}`);
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();
    expect(new URL(page.url()).host).toBe(`${name}:${new URL(host.base).port}`);
    const workerState = () =>
      page.evaluate(async () => {
        const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker
          .ready;
        return registration.active?.state;
      });
    await expect.poll(workerState).toBe('activated');

    // Installable as Chromium itself judges it: manifest fetched, icons downloaded, worker.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(manifest.url).toBe(`${origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png']) {
      const status = await page.evaluate(async (url) => (await fetch(url)).status, icon);
      expect(status).toBe(200);
    }
    await context.close();
    expect(violations.splice(0)).toEqual([]);
  });

  it('shows on the pairing screen, at its .local name, that this device trusts the certificate', async () => {
    const { context, page } = await pageIn(trusting);
    await page.goto(`https://${name}.local:${new URL(host.base).port}/`);
    await page.getByRole('textbox').waitFor();
    expect(await trustState(page)).toMatch(/This device trusts the certificate/);
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({
      path: join(screenshotDir, 'trust.en.desktop.trusted.png'),
      fullPage: true,
    });
    await context.close();
    expect(violations.splice(0)).toEqual([]);
  });

  it('is refused by a browser without the authority, which, clicked through, is told how to trust it', async () => {
    const stranger = await chromiumTrusting();
    const { context, page } = await pageIn(stranger);
    await expect(page.goto(`${origin}/`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    await context.close();

    const shots = [
      ['en-US', 'en', 'desktop'],
      ['fr-FR', 'fr', 'desktop'],
      ['en-US', 'en', 'tablet'],
      ['fr-FR', 'fr', 'tablet'],
    ] as const;
    for (const [locale, language, size] of shots) {
      const { context, page } = await pageIn(stranger, viewports[size], locale, true);
      await page.goto(`${origin}/`);
      await page.getByRole('textbox').waitFor();
      expect(await trustState(page)).toMatch(
        language === 'en' ? /does not trust the certificate yet/ : /ne fait pas encore confiance/,
      );
      const linux = page.locator('details[open]');
      await expect.poll(() => linux.count()).toBe(1);
      expect(await page.locator('a[href="/ca.crt"]').first().getAttribute('download')).toBe(
        'switchboard-ca.crt',
      );
      await page.screenshot({
        path: join(screenshotDir, `trust.${language}.${size}.png`),
        fullPage: true,
      });
      await context.close();
    }
    expect(violations.splice(0)).toEqual([]);
  });
});
