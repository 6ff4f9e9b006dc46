/**
 * What the browser tests of notifications share: the badge the page sets, push made unavailable
 * (Chromium would reach Google's push service), a page put in the background, and the
 * notifications its service worker shows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the tests read of the page and its service worker (this tsconfig has no DOM). */
export interface NotifyGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<{
        getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]>;
      }>;
    };
  };
  document: { hasFocus(): boolean };
  switchboardBadges: number[];
}

/**
 * Records the badge the page sets, and makes push unavailable (Chromium would reach Google's push
 * service to subscribe; the host's side of push has tests of its own).
 */
export async function instrument(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const page = globalThis as unknown as NotifyGlobals & {
      navigator: { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => void };
      PushManager?: { prototype: { subscribe: () => Promise<never> } };
      DOMException: new (message: string, name: string) => Error;
    };
    page.switchboardBadges = [];
    const navigator = page.navigator as unknown as Record<string, unknown>;
    navigator.setAppBadge = (count = 0) => {
      page.switchboardBadges.push(count);
      return Promise.resolve();
    };
    navigator.clearAppBadge = () => {
      page.switchboardBadges.push(0);
      return Promise.resolve();
    };
    if (page.PushManager) {
      page.PushManager.prototype.subscribe = () =>
        Promise.reject(new page.DOMException('push service not available', 'AbortError'));
    }
  });
}

/**
 * Puts `page` in the background: another page in front takes the focus (Playwright's focus
 * emulation, which keeps every page focused, is turned off). Headless Chromium never hides a
 * page, so the app's rule — hidden, or not focused — is met by the focus. Resolves with a
 * function that brings the page back in front.
 */
export async function toBackground(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  const front = await page.context().newPage();
  await front.bringToFront();
  const focused = () =>
    page.evaluate(() => (globalThis as unknown as NotifyGlobals).document.hasFocus());
  await expect.poll(focused).toBe(false);
  return async () => {
    await front.close();
    await page.bringToFront();
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  };
}

export const notifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await (globalThis as unknown as NotifyGlobals).navigator.serviceWorker
      .ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data,
    }));
  });
