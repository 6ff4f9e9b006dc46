/**
 * The Chat screen opens on the agent whose chat was opened last on this device, in real Chromium
 * against a real host: the Chat tab, a reload of `#/chat`, and Back, which leaves the screen
 * instead of landing on the route the screen completed. Screenshots in en and fr at desktop and
 * tablet sizes, with the agents' emoji icons (Debian's fonts-noto-color-emoji, as .ci/run installs).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { browserPerFile, buildApp, openPage } from '../helpers/browser.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const start = hostPerFile();
const launch = browserPerFile();

const sizes = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 820, height: 1180 },
} as const;

function configFor(language: 'en' | 'fr'): string {
  const { command, args } = fakeAgentCommand(['--session']);
  const agent = (name: string, title: string, icon: string, description: string) => [
    `  ${name}:`,
    `    title: ${title}`,
    `    icon: "${icon}"`,
    `    description: ${description}`,
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
  ];
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    ...agent('scout', 'Scout', '🧭', 'Reads the code first.'),
    ...agent('scribe', 'Scribe', '📝', 'Writes the docs.'),
    ...agent('parrot', 'Parrot', '🦜', 'Says it again.'),
    '',
  ].join('\n');
}

const route = (page: Page) => new URL(page.url()).hash;

describe('the Chat screen, in Chromium', () => {
  it('opens the agent whose chat was opened last, and Back leaves it', async () => {
    const host = await start(configFor('en'), [], { SWITCHBOARD_APP_DIR: await buildApp() });
    await host.rpc('ChatService.Send', ['scribe', 'hello']);
    const { page, context } = await openPage(await launch(), sizes.desktop);
    await page.goto(host.url);
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();

    // A first visit: three agents, none opened yet on this device, so the picker.
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByText('Choose an agent to talk to.').waitFor();
    expect(route(page)).toBe('#/chat');
    await page
      .getByRole('navigation', { name: 'Agents' })
      .getByRole('button', { name: /Scribe/ })
      .click();
    await page.getByText('Hello, world').waitFor();
    expect(route(page)).toBe('#/chat/scribe');

    // Elsewhere, then the Chat tab again: Scribe's chat, with no picker in between.
    await page.getByRole('button', { name: 'Agents', exact: true }).click();
    await page.getByRole('button', { name: 'Chat with Scribe' }).waitFor();
    await page.getByRole('button', { name: 'Chat', exact: true }).click();
    await page.getByText('Hello, world').waitFor();
    await expect.poll(() => route(page)).toBe('#/chat/scribe');
    expect(await page.getByText('Choose an agent to talk to.').count()).toBe(0);

    // Back goes to the Agents screen: `#/chat` was replaced, not left behind to open Scribe again.
    await page.goBack();
    await page.getByRole('button', { name: 'Chat with Scribe' }).waitFor();
    expect(route(page)).toBe('#/agents');

    // A new load of `#/chat` (a bookmark, the installed app) remembers it too.
    await page.goto(`${host.base}/#/chat`);
    await page.getByText('Hello, world').waitFor();
    await expect.poll(() => route(page)).toBe('#/chat/scribe');
    await context.close();
  }, 120_000);

  it('looks right opened on the last agent, in both languages at both sizes', async () => {
    for (const language of ['en', 'fr'] as const) {
      const host = await start(configFor(language), [], { SWITCHBOARD_APP_DIR: await buildApp() });
      await host.rpc('ChatService.Send', ['scribe', 'hello']);
      for (const [size, viewport] of Object.entries(sizes)) {
        const { page, context } = await openPage(await launch(), viewport);
        await page.goto(host.url);
        await page
          .getByRole('status')
          .filter({ hasText: language === 'en' ? 'connected' : 'connecté' })
          .waitFor();
        await page.goto(`${host.base}/#/chat/scribe`);
        await page.getByText('Hello, world').waitFor();
        await page.getByRole('button', { name: 'Agents', exact: true }).click();
        await page
          .getByRole('button', { name: language === 'en' ? 'Chat' : 'Discussion', exact: true })
          .click();
        await page.getByText('Hello, world').waitFor();
        await expect.poll(() => route(page)).toBe('#/chat/scribe');
        if (language === 'fr') await expectNoEnglish(page, `chat (${size})`);
        await shoot(page, `chat-last-agent.${language}.${size}`);
        await context.close();
      }
    }
  }, 180_000);
});
