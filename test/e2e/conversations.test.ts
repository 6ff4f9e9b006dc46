/**
 * Conversations that last (issue 14), in real Chromium against a real host, through the UI only:
 * a new conversation, the history (open one again, export it), the search across agents (the
 * words marked, a hit opens its conversation on its message), a reload, opening another while the
 * agent answers (asked first: that answer is cancelled), and a host restarted on the same state
 * dir that still lists them. In English and French, at desktop and tablet sizes;
 * the history and the search results are saved as screenshots.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { translate, type Language, type MessageKey } from '../../locales/translate.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { script } from '../helpers/chat.ts';
import { openPage, viewports } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';
import type { HostProcess } from '../helpers/hostProcess.ts';

const { start, launch } = appHostsPerFile();

type Size = 'desktop' | 'tablet';

/** Desktop is 1280 × 800 here: wide enough for the history beside the conversation (1200 px). */
const sizes: Record<Size, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  tablet: viewports.tablet,
};

/** What each size talks about: its own two agents, so that each run's history is its own. */
const runs: Record<Size, { agent: string; other: string; word: string; second: string }> = {
  desktop: { agent: 'a', other: 'b', word: 'quokka', second: 'wombats' },
  tablet: { agent: 'c', other: 'd', word: 'numbat', second: 'bilbies' },
};

/** Titles that start with another letter each: their avatars tell them apart in the results. */
const titles: Record<string, string> = { a: 'Atlas', b: 'Boreal', c: 'Cirrus', d: 'Delta' };
const titleOf = (agent: string): string => titles[agent] ?? agent;

function configFor(language: Language): string {
  const { command, args } = fakeAgentCommand(['--session']);
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  maxRunningAgents: 4',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    ...Object.entries(titles).flatMap(([name, title]) => [
      `  ${name}:`,
      `    title: ${title}`,
      `    command: ${JSON.stringify(command)}`,
      `    args: ${JSON.stringify(args)}`,
    ]),
    '',
  ].join('\n');
}

/** The user messages of a run: each starts a conversation and is its title. */
const messagesOf = ({ word, second }: (typeof runs)[Size]) => ({
  first: `Tell me about the ${word}`,
  second: `What do ${second} eat?`,
  other: `A ${word} met a platypus`,
});

/** Every control shown is at least 44 × 44 px, on a tablet (a finger), 40 × 40 on a desktop. */
async function expectTargets(page: Page, size: Size, screen: string): Promise<void> {
  const least = size === 'tablet' ? 44 : 40;
  const small = await page.evaluate((least) => {
    const selector =
      'button, select, textarea, input:not([type=radio]):not([type=checkbox]), summary, a[href]';
    type Control = {
      getBoundingClientRect(): { width: number; height: number };
      outerHTML: string;
    };
    const page = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Control> };
    };
    return [...page.document.querySelectorAll(selector)]
      .map((control) => ({ box: control.getBoundingClientRect(), html: control.outerHTML }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.width < least || box.height < least)
      .map(({ box, html }) => `${Math.round(box.width)}×${Math.round(box.height)} ${html}`);
  }, least);
  expect(small, `controls under ${least} px on the ${screen}`).toEqual([]);
}

/** A page of its own at `size`, paired with `host`, on the Chat screen. */
async function chatPage(browser: Browser, host: HostProcess, language: Language, size: Size) {
  const say = (key: MessageKey, values?: Record<string, string | number>) =>
    translate(language, key, values);
  const { page, context } = await openPage(
    browser,
    sizes[size],
    language === 'fr' ? 'fr-FR' : 'en-US',
  );
  await page.goto(host.url);
  await page
    .getByRole('status')
    .filter({ hasText: say('app.connection.state.online') })
    .waitFor();
  await page
    .getByRole('navigation', { name: say('app.nav.label') })
    .getByRole('button', { name: say('app.nav.chat') })
    .click();

  /** Chooses an agent as a person would: the side list on a desktop, the picker on a tablet. */
  const choose = async (agent: string) => {
    if (size === 'desktop') {
      await page
        .getByRole('navigation', { name: say('chat.agents.label') })
        .getByRole('button', { name: titleOf(agent) })
        .click();
    } else {
      await page.getByRole('combobox', { name: say('chat.picker.label') }).selectOption(agent);
    }
    await page.waitForURL(new RegExp(`#/chat/${agent}$`));
    await composer(agent).waitFor();
  };
  const composer = (agent: string) =>
    page.getByRole('textbox', { name: say('chat.composer.label', { agent: titleOf(agent) }) });
  const feed = (agent: string) =>
    page.getByRole('feed', { name: say('chat.list.label', { agent: titleOf(agent) }) });
  /** Types `text` in the composer, sends it with Enter, and waits for the whole answer. */
  const send = async (agent: string, text: string) => {
    await composer(agent).fill(text);
    await composer(agent).press('Enter');
    await feed(agent).getByText(text).waitFor();
    await feed(agent).getByText('Hello, world').waitFor();
    await page.locator('[role=feed][aria-busy=false]').waitFor();
  };
  const historyButton = page.getByRole('button', { name: say('chat.history.open'), exact: true });
  const history = (agent: string) =>
    page.getByRole('complementary', {
      name: say('chat.history.title', { agent: titleOf(agent) }),
    });
  /** The history of `agent`, opened if it is not. */
  const openHistory = async (agent: string) => {
    if (!(await history(agent).isVisible())) await historyButton.click();
    await history(agent).getByRole('listitem').first().waitFor();
    return history(agent);
  };
  /** The button that opens the conversation titled `title` in the history. */
  const entry = (agent: string, title: string) =>
    history(agent).getByRole('button', { name: new RegExp(`^${title.replace('?', '\\?')}`) });
  return { page, context, say, choose, composer, feed, send, history, openHistory, entry };
}

/** Everything a person does with conversations at one size, on a running host. */
async function walkThrough(browser: Browser, host: HostProcess, language: Language, size: Size) {
  const { agent, other, word } = runs[size];
  const text = messagesOf(runs[size]);
  const ui = await chatPage(browser, host, language, size);
  const { page, say } = ui;
  await ui.choose(agent);
  await ui.send(agent, text.first);

  // A new conversation: the first one leaves the screen.
  await page.getByRole('button', { name: say('chat.new.start') }).click();
  await page.getByText(say('chat.empty', { agent: titleOf(agent) })).waitFor();
  expect(await ui.feed(agent).getByText(text.first).count()).toBe(0);
  await ui.send(agent, text.second);

  // The history: both, newest first, the current one marked.
  const panel = await ui.openHistory(agent);
  await expect.poll(() => panel.getByRole('listitem').count()).toBe(2);
  const [newest, oldest] = await panel.getByRole('listitem').all();
  expect(await newest!.textContent()).toContain(text.second);
  expect(await newest!.textContent()).toContain(say('chat.history.current'));
  expect(await oldest!.textContent()).toContain(text.first);
  expect(await ui.entry(agent, text.second).getAttribute('aria-current')).toBe('true');
  expect(await ui.entry(agent, text.first).getAttribute('aria-current')).toBeNull();
  if (language === 'fr') await expectNoEnglish(page, `history (${size})`);
  await expectTargets(page, size, `history (${size})`);
  await shoot(page, `history.${language}.${size}`);

  // The first one again, from the history: its messages are back.
  await ui.entry(agent, text.first).click();
  await ui.feed(agent).getByText(text.first).waitFor();
  expect(await ui.feed(agent).getByText(text.second).count()).toBe(0);
  // Beside the conversation it stays open; over it (a tablet), it closes to show it.
  expect(await ui.history(agent).isVisible()).toBe(size === 'desktop');

  // Export it from the history: a Markdown file with its messages.
  await ui.openHistory(agent);
  await expect.poll(() => ui.entry(agent, text.first).getAttribute('aria-current')).toBe('true');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    ui
      .history(agent)
      .getByRole('button', {
        name: say('chat.history.exportLabel', { title: text.first }),
      })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${agent}-tell-me-about-the-${word}.md`);
  const markdown = await readFile(await download.path(), 'utf8');
  expect(markdown).toContain(text.first);
  expect(markdown).toContain('Hello, world');
  expect(markdown).not.toContain(text.second);

  // The second one is current again, so that the search has another one to open.
  await ui.entry(agent, text.second).click();
  await ui.feed(agent).getByText(text.second).waitFor();
  if (await ui.history(agent).isVisible()) {
    await page.getByRole('button', { name: say('chat.history.close') }).click();
  }

  // Another agent's conversation with the same word.
  await ui.choose(other);
  await ui.send(other, text.other);

  // The search finds both agents' messages, its words marked.
  if (size === 'tablet') {
    await page.getByRole('button', { name: say('chat.search.open'), exact: true }).click();
  }
  const query = word.slice(0, 4);
  await page.getByRole('searchbox', { name: say('chat.search.label') }).fill(query);
  await page
    .getByRole('status')
    .filter({ hasText: say('chat.search.count', { count: 2 }) })
    .waitFor();
  const results = page.getByRole('list', { name: say('chat.search.results') });
  const hitOf = (name: string) =>
    results
      .getByRole('listitem')
      .filter({ hasText: titleOf(name) })
      .getByRole('button');
  for (const [name, message] of [
    [agent, text.first],
    [other, text.other],
  ] as const) {
    expect(await hitOf(name).textContent()).toContain(message);
    expect(await hitOf(name).locator('mark').allTextContents()).toEqual([query]);
  }
  if (language === 'fr') await expectNoEnglish(page, `search (${size})`);
  await expectTargets(page, size, `search (${size})`);
  await shoot(page, `search.${language}.${size}`);

  // A hit opens its agent's chat, on its conversation (not the current one), on its message.
  await hitOf(agent).click();
  await page.waitForURL(new RegExp(`#/chat/${agent}$`));
  const found = ui.feed(agent).locator('.chat-row', { hasText: text.first });
  await found.waitFor();
  await expect.poll(() => found.getAttribute('class')).toContain('chat-row-revealed');
  const [row, list] = [await found.boundingBox(), await ui.feed(agent).boundingBox()];
  expect(row!.y).toBeGreaterThanOrEqual(list!.y);
  expect(row!.y + row!.height).toBeLessThanOrEqual(list!.y + list!.height);
  expect(await ui.feed(agent).getByText(text.second).count()).toBe(0);

  // A reload: the conversation the hit opened is still the one shown.
  await page.reload();
  await ui.feed(agent).getByText(text.first).waitFor();
  await ui.feed(agent).getByText('Hello, world').waitFor();

  // While the agent answers, opening another conversation asks first, and cancels that answer.
  await ui.composer(agent).fill(script({ waitForCancel: true }));
  await ui.composer(agent).press('Enter');
  await page.locator('[role=feed][aria-busy=true]').waitFor();
  await ui.openHistory(agent);
  await ui.entry(agent, text.second).click();
  const dialog = page.getByRole('dialog', { name: say('chat.open.confirmTitle') });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(
    say('chat.open.confirmText', { agent: titleOf(agent) }),
  );
  if (language === 'fr') await expectNoEnglish(page, `confirmation (${size})`);
  await expectTargets(page, size, `confirmation (${size})`);
  await shoot(page, `confirm.${language}.${size}`);
  await dialog.getByRole('button', { name: say('chat.open.confirm') }).click();
  await ui.feed(agent).getByText(text.second).waitFor();
  await page.locator('[role=feed][aria-busy=false]').waitFor();
  // It closes once Open answers, which may come after the events that show the conversation.
  await dialog.waitFor({ state: 'detached' });
  await ui.context.close();
}

/** After a restart: the run's agent's history still lists both, the one opened last current. */
async function afterRestart(browser: Browser, host: HostProcess, language: Language, size: Size) {
  const { agent } = runs[size];
  const text = messagesOf(runs[size]);
  const ui = await chatPage(browser, host, language, size);
  await ui.choose(agent);
  await ui.feed(agent).getByText(text.second).waitFor();
  const panel = await ui.openHistory(agent);
  await expect.poll(() => panel.getByRole('listitem').count()).toBe(2);
  expect(await ui.entry(agent, text.second).getAttribute('aria-current')).toBe('true');
  expect(await ui.entry(agent, text.first).getAttribute('aria-current')).toBeNull();
  // The answer that Open cancelled was kept, ended, with why.
  const [download] = await Promise.all([
    ui.page.waitForEvent('download'),
    panel
      .getByRole('button', { name: ui.say('chat.history.exportLabel', { title: text.first }) })
      .click(),
  ]);
  const closed = translate(language, 'chat.conversationClosed').split('(')[0]!.trim();
  expect(await readFile(await download.path(), 'utf8')).toContain(closed);
  await ui.context.close();
}

describe('conversations, in Chromium against a real host', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`keep, list, find and export them, across a restart (${language})`, async () => {
      const browser = await launch();
      const host = await start(configFor(language));
      for (const size of ['desktop', 'tablet'] as const) {
        await walkThrough(browser, host, language, size);
      }

      expect(await host.stop()).toBe(0);
      const again = await start(configFor(language), [], {}, { folder: host.folder });
      for (const size of ['desktop', 'tablet'] as const) {
        await afterRestart(browser, again, language, size);
      }
    }, 60_000);
  }
});
