import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: `.ci/run` installs it; playwright-core cannot download browsers here. */
export const chromiumPath = '/usr/bin/chromium';

/** The flags every headless Chromium of the tests and the bench runs with. */
export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** What a test may add to {@link launchChromium}: flags, and an environment (a `HOME`). */
export interface ChromiumOptions {
  args?: string[];
  env?: Record<string, string | undefined>;
}

/**
 * A headless Chromium for the browser tests and the PWA bench, with the same flags. On Linux it
 * reads the certificates it trusts from `$HOME/.pki/nssdb`: a test gives it a `HOME` of its own.
 */
export function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags, ...(options.args ?? [])],
    ...(options.env ? { env: options.env } : {}),
  });
}
