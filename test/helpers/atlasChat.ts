/**
 * What the browser tests of one agent's chat share: a configuration of the fake agent `a`, titled
 * Atlas, and a page at a size and in a language, online, on Atlas's chat.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { translate, type Language, type MessageKey } from '../../locales/translate.ts';
import { fakeAgentCommand } from './agents.ts';
import { openPage, viewports } from './browser.ts';
import type { HostProcess } from './hostProcess.ts';

/** The configuration of the fake agent `a` (Atlas) with `flags`, `extra` lines before `agents:`. */
export function atlasConfig(language: Language, flags: string[], extra: string[] = []): string {
  const { command, args } = fakeAgentCommand(flags);
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    ...extra,
    'agents:',
    '  a:',
    '    title: Atlas',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
}

export interface AtlasChat {
  page: Page;
  context: BrowserContext;
  /** A message of `locales/` in the page's language. */
  say: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** The composer's text box. */
  composer: Locator;
}

/** A page of `host`'s app at `size` (or a viewport of its own) in `language`, online, on Atlas's chat. */
export async function openAtlasChat(
  browser: Browser,
  host: HostProcess,
  language: Language,
  size: keyof typeof viewports | { width: number; height: number },
): Promise<AtlasChat> {
  const say = (key: MessageKey, values?: Record<string, string | number>) =>
    translate(language, key, values);
  const { page, context } = await openPage(
    browser,
    typeof size === 'string' ? viewports[size] : size,
    language === 'fr' ? 'fr-FR' : 'en-US',
  );
  page.setDefaultTimeout(10_000);
  await page.goto(host.url);
  await page
    .getByRole('status')
    .filter({ hasText: say('app.connection.state.online') })
    .waitFor();
  await page.goto(`${host.base}/#/chat/a`);
  const composer = page.getByRole('textbox', {
    name: say('chat.composer.label', { agent: 'Atlas' }),
  });
  return { page, context, say, composer };
}
