/**
 * Issue 16's whole promise, in one tablet-sized Chromium that trusts the host's own authority (an
 * NSS database under its HOME, the host's names mapped to 127.0.0.1): it opens a pairing code's
 * link over HTTPS with no certificate warning, pairs by code, can install the app, gets a system
 * notification for a permission request while in the background, answers it from the approval
 * inbox, and is cut at once when revoked — in English and French (saved as screenshots).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Language, type MessageKey } from '../../locales/translate.ts';
import type { DeviceView, PairingOffer } from '../../schema/devices.ts';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { buildApp, viewports, watchCsp, type PageGlobals } from '../helpers/browser.ts';
import { script } from '../helpers/chat.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';
import {
  instrument,
  notifications,
  toBackground,
  type NotifyGlobals,
} from '../helpers/notifications.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';
import {
  download,
  machineName,
  removeTrustingHomes,
  resolverRules,
  rpcOverTls,
  trustingHome,
} from '../helpers/trust.ts';

const start = hostPerFile();
const contexts: BrowserContext[] = [];
const violations: string[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  await removeTrustingHomes();
});

let appDir = '';
beforeAll(async () => {
  appDir = await buildApp();
}, 120_000);

/** Atlas (`a`), a fake agent that asks what its script says. */
function config(language: Language): string {
  const { command, args } = fakeAgentCommand(['--session']);
  return [
    `language: ${language}`,
    'theme: light',
    'agents:',
    '  a:',
    '    title: Atlas',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
}

const ask = script({
  permission: {
    toolCall: { toolCallId: 'deploy', title: 'Deploy to staging', kind: 'execute' },
    options: [
      { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    ],
  },
});

describe('a tablet on the LAN, from its pairing to a request answered from its inbox', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`trusts, pairs, installs, is notified, answers, and is revoked (${language})`, async () => {
      const say = (key: MessageKey, values?: Record<string, string | number>) =>
        translate(language, key, values);
      const host = await start(config(language), ['--tls'], {
        SWITCHBOARD_APP_DIR: appDir,
        CAROOT: join(tmpdir(), 'switchboard-no-mkcert'),
      });
      const ca = await download(host, '/ca.crt');
      const origin = `https://${machineName}:${new URL(host.base).port}`;
      const home = await trustingHome(ca);
      // A profile of its own, not an incognito context: Chromium installs no app from those.
      const context = await chromium.launchPersistentContext(join(home, 'profile'), {
        executablePath: chromiumPath,
        headless: true,
        args: [...chromiumFlags, resolverRules],
        env: { ...process.env, HOME: home },
        viewport: viewports.tablet,
        hasTouch: true,
        locale: language === 'fr' ? 'fr-FR' : 'en-US',
      });
      contexts.push(context);
      await watchCsp(context, violations);
      await context.grantPermissions(['notifications'], { origin });
      await instrument(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);

      // A code from the owner (its QR's link, on this machine's name): no certificate warning
      // (goto would throw), and the tablet names itself.
      const offer = (await rpcOverTls(host, ca, 'DeviceService.Pair')).result as PairingOffer;
      await page.goto(`${origin}/pair?code=${offer.code}`);
      await page.getByLabel(say('app.pair.name')).fill('Kitchen tablet');
      await page.getByRole('button', { name: say('app.pair.submit') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: say('app.connection.state.online') })
        .waitFor();
      expect(new URL(page.url()).host).toBe(new URL(origin).host);

      // Installable as Chromium itself judges it: the worker active, the manifest and icons.
      const worker = () =>
        page.evaluate(async () => {
          const { serviceWorker } = (globalThis as unknown as PageGlobals).navigator;
          return (await serviceWorker.ready).active?.state;
        });
      await expect.poll(worker).toBe('activated');
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => {
          const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
            installabilityErrors: { errorId: string }[];
          };
          return installabilityErrors.map((error) => error.errorId);
        })
        .toEqual([]);

      // The user turns notifications on for this device (the browser's permission was given).
      await page.goto(`${origin}/#/settings`);
      await page.getByRole('switch', { name: say('notify.settings.toggle') }).click();
      await page.getByText(say('notify.settings.on'), { exact: false }).waitFor();
      await page.goto(`${origin}/#/agents`);

      // In the background, Atlas asks: a system notification, and the badge counts it.
      const restore = await toBackground(page);
      await rpcOverTls(host, ca, 'ChatService.Send', ['a', ask]);
      await expect
        .poll(() => notifications(page))
        .toEqual([
          expect.objectContaining({
            title: say('notify.permission.title', { agent: 'Atlas' }),
            body: 'Deploy to staging',
            data: { url: '#/chat/a' },
          }),
        ]);
      const badge = () =>
        page.evaluate(() => (globalThis as unknown as NotifyGlobals).switchboardBadges.at(-1));
      await expect.poll(badge).toBe(1);

      // Back in front: answered from the inbox.
      await restore();
      await page.getByRole('button', { name: say('notify.inbox.label', { count: 1 }) }).click();
      const inbox = page.getByRole('region', { name: say('notify.inbox.title') });
      await inbox.getByText(say('notify.inbox.asks', { agent: 'Atlas' })).waitFor();
      await shoot(page, `journey-inbox-${language}-tablet`);
      if (language === 'fr') await expectNoEnglish(page, 'inbox');
      await inbox.getByRole('button', { name: 'Allow' }).click();
      await inbox.getByText(say('notify.inbox.empty')).waitFor();
      await expect.poll(badge).toBe(0);
      await expect
        .poll(async () => {
          const { result } = await rpcOverTls(host, ca, 'ChatService.Conversation', ['a']);
          return JSON.stringify(result);
        })
        .toContain('permission: selected yes');

      // Revoked by the owner: cut at once, it shows the pairing screen.
      const devices = (await rpcOverTls(host, ca, 'DeviceService.List')).result as DeviceView[];
      const tablet = devices.find((device) => device.name === 'Kitchen tablet')!;
      await rpcOverTls(host, ca, 'DeviceService.Revoke', [tablet.id]);
      await page.getByRole('heading', { name: say('app.pairing.title') }).waitFor();
      await shoot(page, `journey-revoked-${language}-tablet`);
      expect(violations.splice(0), 'what Chromium reported against the CSP').toEqual([]);
    });
  }
});
