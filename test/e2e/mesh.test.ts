/**
 * Issue 9's Mesh panel, in Chromium against a real host: beta checks in, alpha freezes merges
 * on this machine, beta collects the freeze. The app shows the banner on every screen and both
 * messages in the Mesh panel, in English and in French, on a desktop and a tablet; a
 * `freeze-clear` takes the banner down. Then two hosts on a real NATS server: the channel's state,
 * both machines, and a freeze that came from the other one.
 */
import { hostname } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../locales/messages.ts';
import { browserPerFile, buildApp, openPage, viewports } from '../helpers/browser.ts';
import { ChatClient, mcpStep, runScript } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import { englishOnly, shoot } from '../helpers/screens.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';
import { startNatsServer } from '../helpers/natsServer.ts';

const start = hostPerFile();
const launch = browserPerFile();
let app: string | undefined;
const appDir = async () => (app ??= await buildApp());
const machine = hostname();

const words = {
  en: {
    banner: 'Merge freezes in force',
    frozen: new RegExp(
      `^Merges frozen by alpha on ${machine} since \\d\\d:\\d\\d — release 3\\.1$`,
    ),
    mesh: 'Mesh',
    sent: 'sent',
    received: 'received',
    freeze: 'freeze',
    thisMachine: 'this machine',
    alone: /^This machine only/,
    agents: 'Agents',
  },
  fr: {
    banner: 'Gels des fusions en cours',
    frozen: new RegExp(
      `^Fusions gelées par alpha sur ${machine} depuis \\d\\d:\\d\\d — release 3\\.1$`,
    ),
    mesh: 'Maillage',
    sent: 'envoyé',
    received: 'reçu',
    freeze: 'gel',
    thisMachine: 'cette machine',
    alone: /^Cette machine seule/,
    agents: 'Agents',
  },
} as const;

/** Every control a finger may use is at least 44 × 44 px. */
async function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Control = {
      getBoundingClientRect(): { width: number; height: number };
      outerHTML: string;
    };
    const page = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Control> };
    };
    return [...page.document.querySelectorAll('button, select, input, a[href]')]
      .map((control) => ({ box: control.getBoundingClientRect(), html: control.outerHTML }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
      .map(({ html }) => html.slice(0, 80));
  });
}

/** Opens the Mesh panel at `viewport` and waits for the freeze and both messages. */
async function openMesh(
  browser: Browser,
  host: HostProcess,
  language: Language,
  viewport: { width: number; height: number },
) {
  const said = words[language];
  const { page, context } = await openPage(browser, viewport);
  await page.goto(host.url);
  await page.goto(`${host.base}/#/mesh`);
  await page.getByRole('heading', { level: 1, name: said.mesh }).waitFor();
  const banner = page.getByRole('status', { name: said.banner });
  await expect.poll(() => banner.locator('li').innerText()).toMatch(said.frozen);
  const entries = page.locator('li.mesh-entry');
  await expect.poll(() => entries.count()).toBe(2);
  return { page, context, banner, entries };
}

describe('the Mesh panel, in Chromium', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`shows a freeze on every screen, and the messages in the panel (${language})`, async () => {
      const said = words[language];
      const host = await start(
        configText(
          { alpha: ['--session', '--mcp-http'], beta: ['--session'] },
          `language: ${language}\ntheme: light\n`,
        ),
        [],
        { SWITCHBOARD_APP_DIR: await appDir() },
      );
      const browser = await launch();
      const desktop = await openPage(browser, viewports.desktop);
      const page = desktop.page;
      await page.goto(host.url);
      await page.goto(`${host.base}/#/mesh`);
      await page.getByRole('heading', { level: 1, name: said.mesh }).waitFor();
      await page.getByText(said.alone).waitFor();
      const self = page.getByRole('article', { name: machine });
      await self.getByText(said.thisMachine).waitFor();

      // beta checks in (its first poll finds nothing); alpha freezes merges on this machine; beta
      // collects the freeze.
      const chat = new ChatClient(await host.connect());
      expect(await runScript(chat, 'beta', mcpStep('agent_inbox'))).toBe('mcp: {"messages":[]}');
      await self.getByText('beta', { exact: true }).waitFor();
      const sent = await runScript(
        chat,
        'alpha',
        mcpStep('agent_send', {
          to: machine,
          msg_type: 'freeze',
          payload: { reason: 'release 3.1', pr: 42 },
          from_agent: 'alpha',
        }),
      );
      expect(sent).toMatch(/"delivered_to":\["beta"\]/);
      expect(await runScript(chat, 'beta', mcpStep('agent_inbox'))).toMatch(/"msg_type":"freeze"/);

      // The events bring them without a reload: the banner, then both ends of the message.
      const banner = page.getByRole('status', { name: said.banner });
      await expect.poll(() => banner.locator('li').innerText()).toMatch(said.frozen);
      const entries = page.locator('li.mesh-entry');
      await expect.poll(() => entries.count()).toBe(2);
      const [received, sentEntry] = [entries.nth(0), entries.nth(1)];
      expect(await received.locator('.mesh-entry-direction').innerText()).toContain(said.received);
      expect(await received.locator('.mesh-entry-agent').innerText()).toBe('beta');
      expect(await received.locator('.mesh-entry-type').innerText()).toBe(said.freeze);
      expect(await sentEntry.locator('.mesh-entry-direction').innerText()).toContain(said.sent);
      expect(await sentEntry.locator('.mesh-entry-agent').innerText()).toBe('alpha');
      expect(await sentEntry.locator('.mesh-payload-text').innerText()).toBe('release 3.1');
      expect(await sentEntry.locator('.mesh-payload-json').innerText()).toBe('{"pr":42}');
      await self.getByText('alpha', { exact: true }).waitFor();

      if (language === 'fr') {
        const text = await page.locator('body').innerText();
        expect(englishOnly.filter((sentence) => text.includes(sentence))).toEqual([]);
      }
      expect(await smallControls(page)).toEqual([]);
      await shoot(page, `mesh.${language}.desktop`);

      // The banner is on the other screens too, and leads back to the panel.
      await page.getByRole('button', { name: said.agents, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: said.agents }).waitFor();
      expect(await banner.locator('li').innerText()).toMatch(said.frozen);
      await shoot(page, `freeze.${language}.desktop`);
      await banner.getByRole('button').click();
      await page.getByRole('heading', { level: 1, name: said.mesh }).waitFor();

      // A fresh page on a tablet: the overview alone brings the freeze and the log.
      const tablet = await openMesh(browser, host, language, viewports.tablet);
      expect(await smallControls(tablet.page)).toEqual([]);
      await shoot(tablet.page, `mesh.${language}.tablet`);

      // freeze-clear: the banner leaves both pages.
      await runScript(
        chat,
        'alpha',
        mcpStep('agent_send', { to: machine, msg_type: 'freeze-clear', from_agent: 'alpha' }),
      );
      await banner.waitFor({ state: 'detached' });
      await tablet.banner.waitFor({ state: 'detached' });
      await expect.poll(() => entries.count()).toBe(3);
      chat.wire.close();
      await tablet.context.close();
      await desktop.context.close();
    }, 90_000);
  }

  it('shows the channel, both machines, and a freeze from the other machine (two hosts on NATS)', async () => {
    const nats = await startNatsServer();
    try {
      const channels = (handle: string) =>
        `theme: dark\nchannels:\n  - name: home\n    nats: ${nats.url}\n    machine: ${handle}\n`;
      const laptop = await start(
        configText({ alpha: ['--session', '--mcp-http'] }, channels('laptop')),
      );
      const workstation = await start(
        configText({ beta: ['--session'], gamma: ['--session'] }, channels('workstation')),
        [],
        { SWITCHBOARD_APP_DIR: await appDir() },
      );
      const { page, context } = await openPage(await launch(), viewports.desktop);
      await page.goto(workstation.url);
      await page.goto(`${workstation.base}/#/mesh`);
      const channel = page.getByRole('region', { name: 'Channels' }).getByRole('listitem');
      await expect.poll(() => channel.innerText()).toMatch(/^home\nconnected\n/);
      expect(await channel.innerText()).toContain(`${nats.url} · as workstation`);

      const [a, w] = [
        new ChatClient(await laptop.connect()),
        new ChatClient(await workstation.connect()),
      ];
      await runScript(w, 'beta', mcpStep('agent_inbox'));
      await runScript(w, 'gamma', mcpStep('agent_inbox'));
      await runScript(
        a,
        'alpha',
        mcpStep('agent_send', {
          to: 'workstation',
          msg_type: 'freeze',
          payload: { reason: 'release 3.1' },
        }),
      );
      await runScript(w, 'beta', mcpStep('agent_inbox'));
      await runScript(w, 'gamma', mcpStep('agent_inbox'));

      const banner = page.getByRole('status', { name: 'Merge freezes in force' });
      await expect
        .poll(() => banner.locator('li').innerText())
        .toMatch(/^Merges frozen by alpha on laptop since \d\d:\d\d — release 3\.1$/);
      // laptop's alpha checked in when it sent: the panel sees it (an event or the 10 s reload).
      const machines = page.getByRole('region', { name: 'Machines' }).getByRole('article');
      await expect
        .poll(() => machines.allInnerTexts(), { timeout: 15_000 })
        .toEqual([
          expect.stringMatching(/^workstation\s*this machine\s*2 live agents\s*beta\s*gamma$/),
          expect.stringMatching(/^laptop\s*1 live agent\s*alpha$/),
        ]);
      const entries = page.locator('li.mesh-entry');
      await expect.poll(() => entries.count()).toBe(2);
      expect(await entries.locator('.mesh-entry-other').allInnerTexts()).toEqual([
        'from alpha on laptop',
        'from alpha on laptop',
      ]);
      expect(await smallControls(page)).toEqual([]);
      await shoot(page, 'mesh.channel.en.desktop');
      a.wire.close();
      w.wire.close();
      await context.close();
    } finally {
      await nats.stop();
    }
  }, 90_000);
});
