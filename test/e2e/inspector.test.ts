/**
 * Issue 7's "done when", in Chromium against a real host: a person opens the inspector on an
 * agent, starts it, sees `starting` then `ready` lit, reads which event came last, and selects an
 * earlier record to see the earlier state lit again.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserPerFile,
  buildApp,
  openPage,
  screenshotDir,
  viewports,
} from '../helpers/browser.ts';
import { configText } from '../helpers/configHarness.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';

const start = hostPerFile();
const launch = browserPerFile();
let app: string | undefined;
const appDir = async () => (app ??= await buildApp());

const lit = (page: Page, state: string) =>
  page.locator(`[data-node-id="agentLifecycle.${state}"][data-active="true"]`);

describe('the statechart inspector, in Chromium', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`lights the agent's states as it starts, and an earlier one from the log (${language})`, async () => {
      // A handshake that takes a second: `starting` lasts long enough to be seen lit.
      const host = await start(
        configText({ a: ['--session', '--handshake=delay:1000'] }, `language: ${language}\n`),
        [],
        { SWITCHBOARD_APP_DIR: await appDir() },
      );
      const viewport = language === 'en' ? viewports.tablet : viewports.desktop;
      const { page, context } = await openPage(await launch(), viewport);
      await page.goto(host.url);
      await page.goto(`${host.base}/#/inspector/a`);
      await lit(page, 'stopped').waitFor();

      const started = host.rpc('AgentService.Start', ['a']); // resolves once `ready`
      await lit(page, 'starting').waitFor();
      await lit(page, 'ready').waitFor();
      await started;
      expect(await lit(page, 'starting').count()).toBe(0);
      // The log's newest record says which event came last.
      const entries = page.locator('li.inspector-entry');
      const newest = entries.first();
      expect(await newest.locator('code').innerText()).toBe('agent.handshakeSucceeded');

      // Back in time: the record of the snapshot taken on `agent.start` lights `starting` again.
      await entries
        .filter({ has: page.locator('code', { hasText: /^agent\.start$/ }) })
        .filter({ hasText: language === 'en' ? 'snapshot' : 'instantané' })
        .first()
        .click();
      await lit(page, 'starting').waitFor();
      expect(await lit(page, 'ready').count()).toBe(0);
      await mkdir(screenshotDir, { recursive: true });
      await page.screenshot({
        path: join(
          screenshotDir,
          `inspector.${language}.${language === 'en' ? 'tablet' : 'desktop'}.png`,
        ),
      });
      await context.close();
    }, 60_000);
  }
});
