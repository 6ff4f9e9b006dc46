/**
 * The session pickers by the composer (issue 15, CONTRACT.md §7) in real Chromium against a real
 * host and a fake agent that offers modes and config options: they appear once the session
 * opens, a choice reaches the agent (it says so in its next answer) and every client, in English
 * and French, at desktop and tablet sizes (saved as screenshots).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../schema/conversation.ts';
import { translate, type Language, type MessageKey } from '../../locales/translate.ts';
import { fakeAgentCommand } from '../helpers/agents.ts';
import { script } from '../helpers/chat.ts';
import { browserPerFile, buildApp, openPage, viewports } from '../helpers/browser.ts';
import { hostPerFile } from '../helpers/hostProcess.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const start = hostPerFile();
const launch = browserPerFile();

let appDir = '';
beforeAll(async () => {
  appDir = await buildApp();
}, 120_000);

function configFor(language: Language): string {
  const { command, args } = fakeAgentCommand(['--modes']);
  return [
    `language: ${language}`,
    'theme: light',
    'limits:',
    '  stopIdleAgentsAfter: 0',
    'agents:',
    '  a:',
    '    title: Atlas',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    '',
  ].join('\n');
}

describe('the session pickers, in the browser', () => {
  for (const language of ['en', 'fr'] as const) {
    for (const size of ['desktop', 'tablet'] as const) {
      it(`sets the agent's mode and model (${language}, ${size})`, async () => {
        const say = (key: MessageKey, values?: Record<string, string>) =>
          translate(language, key, values);
        const host = await start(configFor(language), [], { SWITCHBOARD_APP_DIR: appDir });
        const { page, context } = await openPage(
          await launch(),
          viewports[size],
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
        await composer.fill('hi');
        await composer.press('Enter');
        await page.getByText('Hello, world').waitFor();

        const pickers = page.getByRole('group', {
          name: say('chat.session.label', { agent: 'Atlas' }),
        });
        const mode = pickers.getByRole('combobox', { name: say('chat.session.mode'), exact: true });
        await mode.selectOption({ label: 'Plan' });
        await expect
          .poll(
            async () =>
              ((await host.rpc('ChatService.Conversation', ['a'])).result as Conversation).modes
                ?.current,
          )
          .toBe('plan');
        await pickers.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'Deep' });
        await pickers.getByRole('checkbox', { name: 'Thinking' }).check();
        await expect.poll(() => mode.isEnabled()).toBe(true);
        expect(await pickers.getByRole('checkbox', { name: 'Thinking' }).isChecked()).toBe(true);

        await composer.fill(script({ echoSettings: true }));
        await composer.press('Enter');
        await page.getByText('settings: {"mode":"plan","model":"deep","thinking":true}').waitFor();
        if (size === 'tablet') {
          for (const control of await pickers.locator('select, label').all()) {
            expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          }
        }
        await shoot(page, `session-pickers-${language}-${size}`);
        if (language === 'fr') await expectNoEnglish(page, 'chat');
        await context.close();
      });
    }
  }
});
