/**
 * What issue 6 asks of a new user, in real Chromium against a real host: pair, start the built-in
 * agent, talk to it (a streamed answer, a permission, a cancel), edit the configuration (break it,
 * fix it, save it), switch to French and find no English left, and lose nothing while offline.
 * Every screen is saved as a screenshot in both languages at desktop and tablet sizes.
 */
import { readFile } from 'node:fs/promises';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtinAgentCommand } from '../../host/config/builtinAgent.ts';
import type { Conversation } from '../../schema/conversation.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { browserPerFile, buildApp, openPage, viewports } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';
import { hostPerFile, type HostProcess } from '../helpers/hostProcess.ts';

const start = hostPerFile();
const launch = browserPerFile();

function configFor(language: 'en' | 'fr'): string {
  const builtin = builtinAgentCommand();
  const chatty = fakeAgentCommand(['--session', '--stderr-lines=40']);
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  builtin:',
    '    title: Built-in agent',
    '    icon: "🧭"',
    '    description: Works offline on the files of its folder.',
    `    command: ${JSON.stringify(builtin.command)}`,
    `    args: ${JSON.stringify(builtin.args)}`,
    '  chatty:',
    '    title: Chatty',
    '    description: Writes forty lines on its error output when it starts.',
    `    command: ${JSON.stringify(chatty.command)}`,
    `    args: ${JSON.stringify(chatty.args)}`,
    '',
  ].join('\n');
}

/** Every control a finger may use is at least 44 × 44 px (the editor's own text excepted). */
async function expectTouchTargets(page: Page, screen: string): Promise<void> {
  const small = await page.evaluate(() => {
    const selector =
      'button, select, textarea, input:not([type=radio]):not([type=checkbox]), summary, a[href]';
    type Box = { width: number; height: number };
    type Control = {
      closest(selector: string): unknown;
      getBoundingClientRect(): Box;
      outerHTML: string;
    };
    const page = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Control> };
    };
    return [...page.document.querySelectorAll(selector)]
      .filter((control) => !control.closest('.cm-editor'))
      .map((control) => ({ box: control.getBoundingClientRect(), html: control.outerHTML }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.width < 44 || box.height < 44))
      .map(
        ({ box, html }) =>
          `${Math.round(box.width)}×${Math.round(box.height)} ${html.slice(0, 80)}`,
      );
  });
  expect(small, `controls under 44 px on the ${screen} screen`).toEqual([]);
}

async function conversation(host: HostProcess, agent: string): Promise<Conversation> {
  return (await host.rpc('ChatService.Conversation', [agent])).result as Conversation;
}

describe('a new user, in Chromium', () => {
  it('pairs, starts the built-in agent, talks to it, edits the configuration, and switches to French', async () => {
    const host = await start(configFor('en'), [], { SWITCHBOARD_APP_DIR: await buildApp() });
    const { page, context } = await openPage(await launch(), viewports.desktop);
    await page.goto(host.url);
    await page.getByRole('status').filter({ hasText: 'connected' }).waitFor();

    // The agents panel: start the built-in agent.
    await page.getByRole('button', { name: 'Start Built-in agent', exact: true }).click();
    await page.getByText('ready', { exact: true }).first().waitFor();
    await shoot(page, 'agents.en.desktop');

    // Talk to it: a command that needs a permission, answered from the message.
    await page.getByRole('button', { name: 'Chat with Built-in agent' }).click();
    const composer = page.getByRole('textbox', { name: 'Message to Built-in agent' });
    await composer.fill('run echo switchboard-e2e');
    await composer.press('Enter');
    await page.getByRole('button', { name: 'Run once' }).click();
    await page.getByText('switchboard-e2e', { exact: false }).last().waitFor();
    await expect
      .poll(async () => (await conversation(host, 'builtin')).messages.at(-1)?.stopReason)
      .toBe('end_turn');
    await shoot(page, 'chat.en.desktop');

    // A second turn, cancelled while its command runs.
    await composer.fill('run sleep 20');
    await composer.press('Enter');
    await page.getByRole('button', { name: 'Run once' }).click();
    await page.getByRole('button', { name: /^Cancel/ }).click();
    await page.getByText('Stopped: you cancelled the answer.').waitFor();
    const talk = await conversation(host, 'builtin');
    expect(talk.messages.map((message) => message.role)).toEqual([
      'user',
      'agent',
      'user',
      'agent',
    ]);
    expect(talk.messages[3]?.stopReason).toBe('cancelled');
    expect(talk.permissions).toEqual([]);

    // The configuration: break it, see why Save refuses, fix it, save.
    await page.getByRole('button', { name: 'Settings' }).click();
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await shoot(page, 'settings.en.desktop');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('theme: plaid');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Not saved:/).waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 'theme: plaid'.length; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type('# edited in the browser');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved at/).waitFor();
    expect(await readFile(host.configPath, 'utf8')).toContain('# edited in the browser');

    // French, from the settings: every screen speaks it.
    await page.getByText('Français', { exact: true }).click();
    await page.getByRole('button', { name: 'Réglages' }).waitFor();
    await expectNoEnglish(page, 'settings');
    await shoot(page, 'settings.fr.desktop');
    await page.getByRole('button', { name: 'Agents' }).click();
    await page.getByText('prêt', { exact: true }).first().waitFor();
    await expectNoEnglish(page, 'agents');
    await shoot(page, 'agents.fr.desktop');
    await page.getByRole('button', { name: 'Discussion' }).click();
    await page
      .getByRole('link', { name: /Built-in agent/ })
      .or(page.getByRole('button', { name: /Built-in agent/ }))
      .first()
      .click();
    await page.getByRole('textbox', { name: /Built-in agent/ }).waitFor();
    await expectNoEnglish(page, 'chat');
    await shoot(page, 'chat.fr.desktop');
    await context.close();
  }, 120_000);

  it('loses no event while offline, and looks right on a tablet in both languages', async () => {
    for (const language of ['en', 'fr'] as const) {
      const host = await start(configFor(language), [], { SWITCHBOARD_APP_DIR: await buildApp() });
      const { page, context } = await openPage(await launch(), viewports.tablet);
      // The network between the page and the host, which the test can cut: the page's socket is
      // closed and new ones are refused until it is back.
      let offline = false;
      const sockets = new Set<WebSocketRoute>();
      await page.routeWebSocket(/\/api\/ws/, (socket) => {
        if (offline) return void socket.close();
        socket.connectToServer();
        sockets.add(socket);
      });
      const goOffline = async () => {
        offline = true;
        for (const socket of sockets) await socket.close();
        sockets.clear();
      };
      await page.goto(host.url);
      await page
        .getByRole('status')
        .filter({ hasText: language === 'en' ? 'connected' : 'connecté' })
        .waitFor();
      await page
        .getByRole('button', { name: language === 'en' ? 'Logs of Chatty' : /Chatty/ })
        .first()
        .waitFor();
      if (language === 'en') {
        // Offline while the agent writes 40 lines: they are all there once back.
        await page.getByRole('button', { name: 'Logs of Chatty' }).click();
        await page.getByText('Nothing written yet.').waitFor();
        await goOffline();
        await page.getByRole('alert').waitFor();
        await host.rpc('AgentService.Start', ['chatty']);
        offline = false;
        await page.getByText('stderr line 40', { exact: true }).waitFor({ timeout: 20_000 });
        for (let line = 1; line <= 40; line++) {
          expect(await page.getByText(`stderr line ${line}`, { exact: true }).count()).toBe(1);
        }
        await page.keyboard.press('Escape');
      } else {
        await host.rpc('AgentService.Start', ['chatty']);
        await expectNoEnglish(page, 'agents (tablet)');
      }
      await expectTouchTargets(page, 'agents');
      await shoot(page, `agents.${language}.tablet`);
      await host.rpc('ChatService.Send', ['chatty', 'hello']);
      await page.goto(`${host.base}/#/chat/chatty`);
      await page.getByText('Hello, world').waitFor();
      if (language === 'fr') await expectNoEnglish(page, 'chat (tablet)');
      await expectTouchTargets(page, 'chat');
      await shoot(page, `chat.${language}.tablet`);
      await page.goto(`${host.base}/#/settings`);
      await page.locator('.cm-content').waitFor();
      if (language === 'fr') await expectNoEnglish(page, 'settings (tablet)');
      await expectTouchTargets(page, 'settings');
      await shoot(page, `settings.${language}.tablet`);
      await context.close();
    }
  }, 120_000);
});
