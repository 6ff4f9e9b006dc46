/**
 * A long conversation in real Chromium against a real host (issue 17): it opens at its end with
 * only its last page loaded, counts every message, and brings the pages before as the reader
 * scrolls up, down to the first message, in order.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ChatClient } from '../helpers/chat.ts';
import { configText } from '../helpers/configHarness.ts';
import {
  browserPerFile,
  buildApp,
  languageBySize,
  openPage,
  viewports,
} from '../helpers/browser.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';
import { shoot } from '../helpers/screens.ts';

const start = hostPerFile();
const launch = browserPerFile();

/** 260 turns: 520 messages, past two of the app's pages of 200. */
const turns = 260;
const total = turns * 2;

/** Scrolls the feed to its top until the message at `posinset` 1 is there, a page at a time. */
async function scrollToFirst(page: Page): Promise<void> {
  const first = page.locator('article[aria-posinset="1"]');
  const feed = page.locator('[role=feed]');
  // Each try scrolls up again: the page above loads, and the top moves away.
  await expect
    .poll(
      async () => {
        await feed.evaluate((element: { scrollTop: number }) => (element.scrollTop = 0));
        return first.count();
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(1);
}

describe('a long conversation, in Chromium', () => {
  it('opens at its end, then loads what comes before as it is scrolled up', async () => {
    const host = await start(configText({ a: ['--session'] }), [], {
      SWITCHBOARD_APP_DIR: await buildApp(),
    });
    const chat = new ChatClient(await host.connect());
    for (let turn = 0; turn < turns; turn++) {
      await chat.answer('a', await chat.send('a', `question ${turn}`));
    }

    for (const [language, size] of languageBySize) {
      const { page, context } = await openPage(
        await launch(),
        viewports[size],
        language === 'fr' ? 'fr-FR' : 'en-US',
      );
      const asked: unknown[][] = [];
      page.on('websocket', (socket) =>
        socket.on('framesent', ({ payload }) => {
          const request = JSON.parse(String(payload)) as { method?: string; params?: unknown[] };
          if (request.method === 'ChatService.Messages') asked.push(request.params ?? []);
        }),
      );
      await page.goto(host.url);
      await page.goto(`${host.base}/#/chat/a`);

      // At its end, every message counted.
      const last = page.locator(`article[aria-posinset="${total}"]`);
      await last.waitFor();
      expect(await last.getAttribute('aria-setsize')).toBe(String(total));
      expect(await last.textContent()).toContain('Hello, world');
      expect(asked).toEqual([]);
      await shoot(page, `long-conversation.end.${language}.${size}`);

      // Scrolled to the top of what is loaded: the rows of the page asked for, then that page.
      await page.locator('[role=feed]').evaluate((feed: { scrollTop: number }) => {
        feed.scrollTop = 0;
      });
      await shoot(page, `long-conversation.top.${language}.${size}`);

      // Up to the first message: the two pages before the last 200 came, in order.
      await scrollToFirst(page);
      const first = page.locator('article[aria-posinset="1"]');
      expect(await first.textContent()).toContain('question 0');
      expect(asked.map((params) => params.slice(2))).toEqual([
        [total - 200, 200],
        [total - 400, 200],
      ]);
      await context.close();
    }
  }, 120_000);
});
