/**
 * Notifications in real Chromium against a real host (issue 16 item 3): a permission request while
 * the app is in the background shows a system notification and sets the badge; the approval
 * inbox answers a request of another agent than the one on screen; a Web Push delivered to the
 * service worker (CDP) shows a notification; screenshots of the inbox in `en` and `fr` at desktop
 * and tablet sizes, its touch targets at least 44 px on the tablet.
 */
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { translate, type Language, type MessageKey } from '../../locales/translate.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { openPage, viewports, languageBySize } from '../helpers/browser.ts';
import { askPermission, script } from '../helpers/chat.ts';
import type { HostProcess } from '../helpers/hostProcess.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';
import {
  instrument,
  notifications,
  toBackground,
  type NotifyGlobals as Globals,
} from '../helpers/notifications.ts';

const { start, launch } = appHostsPerFile();

/** Atlas (`a`) and Boreas (`b`), fake agents that ask what their script says. */
function config(language: Language): string {
  const agent = (name: string, title: string) => {
    const { command, args } = fakeAgentCommand(['--session']);
    return [
      `  ${name}:`,
      `    title: ${title}`,
      `    command: ${JSON.stringify(command)}`,
      `    args: ${JSON.stringify(args)}`,
    ];
  };
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    ...agent('a', 'Atlas'),
    ...agent('b', 'Boreas'),
    '',
  ].join('\n');
}

const ask = (toolCallId: string, title: string) => script(askPermission({ toolCallId, title }));

/** The app online at `route`, its service worker active, at `size` in `language`. */
async function openApp(
  host: HostProcess,
  language: Language,
  size: keyof typeof viewports,
  route: string,
) {
  const say = (key: MessageKey, values?: Record<string, string | number>) =>
    translate(language, key, values);
  const { page, context } = await openPage(
    await launch(),
    viewports[size],
    language === 'fr' ? 'fr-FR' : 'en-US',
  );
  page.setDefaultTimeout(10_000);
  await context.grantPermissions(['notifications'], { origin: host.base });
  await instrument(context);
  await page.goto(host.url);
  await page.evaluate(async () =>
    Boolean(await (globalThis as unknown as Globals).navigator.serviceWorker.ready),
  );
  await page.goto(`${host.base}/${route}`);
  await page
    .getByRole('status')
    .filter({ hasText: say('app.connection.state.online') })
    .waitFor();
  return { page, context, say };
}

describe('notifications, in the browser', () => {
  it('tells a request in the background, sets the badge, and answers it from the inbox', async () => {
    const host = await start(config('en'));
    const { page, say } = await openApp(host, 'en', 'desktop', '#/settings');
    await page.getByRole('switch', { name: say('notify.settings.toggle') }).click();
    await page.getByText(say('notify.settings.on'), { exact: false }).waitFor();
    await page.getByText('push service not available', { exact: false }).waitFor();
    await page.getByText('push service not available', { exact: false }).scrollIntoViewIfNeeded();
    await shoot(page, 'notifications-settings-en-desktop');
    await page.goto(`${host.base}/#/chat/a`);

    // Another page in front: the app is in the background.
    const restore = await toBackground(page);
    await host.rpc('ChatService.Send', ['b', ask('make', 'Run make install')]);
    await expect
      .poll(() => notifications(page))
      .toEqual([
        {
          title: 'Boreas asks for permission',
          body: 'Run make install',
          tag: expect.stringMatching(/^permission:/) as string,
          data: { url: '#/chat/b' },
        },
      ]);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Globals).switchboardBadges.at(-1)))
      .toBe(1);

    // Back in front, on Atlas's chat: Boreas's request is answered from the inbox.
    await restore();
    const inbox = page.getByRole('button', { name: say('notify.inbox.label', { count: 1 }) });
    await inbox.click();
    const panel = page.getByRole('region', { name: say('notify.inbox.title') });
    await panel.getByText(say('notify.inbox.asks', { agent: 'Boreas' })).waitFor();
    await panel.getByRole('button', { name: 'Allow' }).click();
    await panel.getByText(say('notify.inbox.empty')).waitFor();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Globals).switchboardBadges.at(-1)))
      .toBe(0);
    // The inbox empties when the request is answered; the agent's reply to it follows.
    const messages = async () => {
      const { result } = await host.rpc('ChatService.Conversation', ['b']);
      return JSON.stringify((result as { messages: unknown[] }).messages);
    };
    await expect.poll(messages).toContain('permission: selected yes');
    expect(page.url()).toBe(`${host.base}/#/chat/a`);
  });

  it('shows a Web Push delivered to the service worker while the app is not in front', async () => {
    const host = await start(config('en'));
    const { page, context } = await openApp(host, 'en', 'desktop', '#/agents');
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
        const found = list.find((entry) => entry.scopeURL === `${host.base}/`);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registrations;
    const restore = await toBackground(page);
    const payload = {
      kind: 'turn',
      agent: 'a',
      title: 'Atlas has answered',
      body: 'The tests pass.',
      tag: 'turn:m-42',
      url: 'https://elsewhere.example/#/phish',
      waiting: 2,
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: host.base,
      registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => notifications(page))
      .toEqual([
        {
          title: 'Atlas has answered',
          body: 'The tests pass.',
          tag: 'turn:m-42',
          // Made from the agent's name by the service worker, not taken from the payload.
          data: { url: '/#/chat/a' },
        },
      ]);
    // In front and focused, the app shows it itself: the service worker says nothing.
    await restore();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: host.base,
      registrationId,
      data: JSON.stringify({ ...payload, tag: 'turn:m-43' }),
    });
    // A wait for nothing to be shown: the first push was shown well within it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await notifications(page)).map((shown) => shown.tag)).toEqual(['turn:m-42']);
  });

  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`shows every agent's requests in the inbox (${language}, ${size})`, async () => {
      const host = await start(config(language));
      await host.rpc('ChatService.Send', ['a', ask('lint', 'Run npm run lint -- --fix')]);
      await host.rpc('ChatService.Send', ['b', ask('rm', 'Delete build/ and dist/')]);
      const { page, say } = await openApp(host, language, size, '#/chat/a');
      await page
        .getByRole('group', { name: say('chat.permission.title', { agent: 'Atlas' }) })
        .waitFor();
      const inbox = page.getByRole('button', { name: say('notify.inbox.label', { count: 2 }) });
      await inbox.click();
      const panel = page.getByRole('region', { name: say('notify.inbox.title') });
      await expect.poll(() => panel.getByRole('listitem').count()).toBe(2);
      await shoot(page, `inbox-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'inbox');
      const targets = [
        inbox,
        panel.getByRole('button', { name: say('notify.inbox.close') }),
        ...(await panel.getByRole('button', { name: 'Allow' }).all()),
        ...(await panel.getByRole('link').all()),
      ];
      for (const target of targets) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height), await target.innerText()).toBeGreaterThanOrEqual(
          44,
        );
      }
    });
  }
});
