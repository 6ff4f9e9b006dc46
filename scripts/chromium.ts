import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: `.ci/run` installs it; playwright-core cannot download browsers here. */
export const chromiumPath = '/usr/bin/chromium';

/** A headless Chromium for the browser tests and the PWA bench, with the same flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
