/**
 * The real browser of the end-to-end tests: Debian's Chromium driven by playwright-core, and the
 * PWA (built once per run) served by a real host.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { launchChromium } from '../../scripts/chromium.ts';
import { buildAppInto, sharedAppDir } from './appBuild.ts';
import { repoRoot } from './typescriptProcess.ts';

/**
 * What the tests read of the page's globals inside `page.evaluate` (this tsconfig has no DOM):
 * `(globalThis as unknown as PageGlobals).navigator…`, the cast erased before the function runs
 * in the page.
 */
export interface PageGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<{ active: { state: string } | null; update(): Promise<void> }>;
      controller: object | null;
    };
  };
}

/** Where screenshots go (gitignored): look at them before calling a screen done. */
export const screenshotDir = join(repoRoot, 'test', '.build', 'screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 768, height: 1024 },
} as const;

/**
 * The language and size a browser test of a screen runs at: each language once and each size
 * once, English at desktop size and French at tablet size. The other two pairings would show
 * nothing these do not (strings come from the language, layout from the size), and running all
 * four kept `npm test` over ten minutes.
 */
export const languageBySize = [
  ['en', 'desktop'],
  ['fr', 'tablet'],
] as const;

/**
 * The PWA for a host to serve (`SWITCHBOARD_APP_DIR`): the one build of the run, or with `fresh`
 * a build of its own, for a test that changes it (a new version landing over it).
 */
export async function buildApp({ fresh = false } = {}): Promise<string> {
  return fresh ? buildAppInto() : sharedAppDir;
}

/** What the pages of {@link openPage} reported against their Content-Security-Policy. */
const violations: string[] = [];

/**
 * Collects what Chromium reports against the CSP in `context`: each `securitypolicyviolation`
 * event of its pages, and each console line of theirs about the policy (an invalid directive is
 * only said there). A service worker's own violations reach neither: a blocked one fails to
 * install, which the tests of the service worker see.
 */
export async function watchCsp(context: BrowserContext, into: string[]): Promise<void> {
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) into.push(message.text());
  });
  await context.exposeBinding('switchboardCspViolation', (_source, text: string) => {
    into.push(text);
  });
  await context.addInitScript(() => {
    type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string };
    const page = globalThis as unknown as {
      addEventListener(type: string, listener: (event: Violation) => void): void;
      switchboardCspViolation(text: string): void;
    };
    page.addEventListener('securitypolicyviolation', (event) =>
      page.switchboardCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile})`,
      ),
    );
  });
}

/**
 * For a test file: one Chromium, closed after the file. After each test, no page it opened with
 * {@link openPage} may have reported a CSP violation: every screen the tests visit is checked.
 */
export function browserPerFile(): () => Promise<Browser> {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(() => {
    expect(violations.splice(0), 'what Chromium reported against the CSP').toEqual([]);
  });
  return async () => {
    browser ??= await launchChromium();
    return browser;
  };
}

/**
 * A page of its own (cookies, storage, service worker), at a size, in a language, whose CSP
 * violations fail the test (see {@link browserPerFile}).
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale, hasTouch: viewport.width < 1000 });
  await watchCsp(context, violations);
  const page = await context.newPage();
  return { context, page };
}
