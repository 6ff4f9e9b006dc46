/**
 * Pairing a device by code (issue 16 item 2, CONTRACT.md §9) in real Chromium against a real
 * host: the owner's browser asks Settings → Devices for a code and its QR, a tablet opens the
 * code's link, names itself and is paired; the code then pairs nothing more; the owner revokes
 * the tablet, which is cut at once and sees the pairing screen — in English and French, at
 * desktop and tablet sizes (saved as screenshots).
 */
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { translate, type MessageKey } from '../../locales/translate.ts';
import { openPage, viewports, languageBySize } from '../helpers/browser.ts';
import { configText } from '../helpers/configHarness.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

describe('pairing a device by code, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`pairs a tablet by code, then revokes it (${language}, ${size})`, async () => {
      const say = (key: MessageKey, values?: Record<string, string | number>) =>
        translate(language, key, values);
      const locale = language === 'fr' ? 'fr-FR' : 'en-US';
      const host = await start(configText({ a: [] }, `language: ${language}\n`));
      const browser = await launch();
      const online = say('app.connection.state.online');

      // The owner's browser, paired by the printed link: Settings → Devices → Pair a device.
      const owner = await openPage(browser, viewports[size], locale);
      await owner.page.goto(host.url);
      await owner.page.getByRole('status').filter({ hasText: online }).waitFor();
      await owner.page.goto(`${host.base}/#/settings`);
      const devices = owner.page.getByRole('region', { name: say('settings.devices.title') });
      await devices.getByRole('button', { name: say('settings.devices.pair') }).click();
      const offer = devices.getByRole('group', { name: say('settings.devices.pairTitle') });
      const qr = offer.getByRole('img');
      await qr.waitFor();
      const url = (await offer.locator('.pair-url').textContent())!;
      expect(url).toMatch(new RegExp(`^${host.base}/pair\\?code=[2-9A-Z]{10}$`));
      expect(await qr.getAttribute('alt')).toBe(say('settings.devices.qrLabel', { url }));
      await offer.scrollIntoViewIfNeeded();
      await shoot(owner.page, `devices-pair-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(owner.page, 'settings');

      // The tablet opens the link, names itself, and is paired.
      const tablet = await openPage(browser, viewports.tablet, locale);
      await tablet.page.goto(url);
      const name = tablet.page.getByLabel(say('app.pair.name'));
      // The name it is offered speaks the app's language (« Chrome sous Linux »).
      expect(await name.inputValue()).toBe(
        say('device.browserOnSystem', { browser: 'Chrome', system: 'Linux' }),
      );
      await name.fill('Kitchen tablet');
      expect(await tablet.page.getByLabel(say('app.pair.code')).inputValue()).toBe(
        url.split('=')[1],
      );
      const submit = tablet.page.getByRole('button', { name: say('app.pair.submit') });
      expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await shoot(tablet.page, `pair-page-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(tablet.page, 'pair');
      await submit.click();
      await tablet.page.getByRole('status').filter({ hasText: online }).waitFor();
      expect(new URL(tablet.page.url()).pathname).toBe('/');

      // The code pairs nothing more.
      const late = await openPage(browser, viewports.desktop, locale);
      await late.page.goto(url);
      await late.page.getByRole('button', { name: say('app.pair.submit') }).click();
      await expect
        .poll(() => late.page.getByRole('alert').textContent())
        .toBe(say('access.wrongCode'));

      // The owner sees it listed and revokes it: the tablet is cut at once.
      await offer.getByRole('button', { name: say('settings.devices.done') }).click();
      const label = say('settings.devices.revokeLabel', { name: 'Kitchen tablet' });
      await devices.getByRole('button', { name: label }).click();
      await shoot(owner.page, `devices-revoke-${language}-${size}`);
      await devices.getByRole('button', { name: say('settings.devices.revokeNow') }).click();
      await tablet.page
        .getByRole('heading', { name: say('app.pairing.title') })
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => devices.getByText('Kitchen tablet').count()).toBe(0);
      for (const context of [owner.context, tablet.context, late.context]) await context.close();
    });
  }
});
