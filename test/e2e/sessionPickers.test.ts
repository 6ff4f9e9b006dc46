/**
 * The session pickers by the composer (issue 15, CONTRACT.md §7) in real Chromium against a real
 * host and a fake agent that offers modes and config options: they appear once the session
 * opens, a choice reaches the agent (it says so in its next answer) and every client, in English
 * and French, at desktop and tablet sizes (saved as screenshots).
 */
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import type { Conversation } from '../../schema/conversation.ts';
import { script } from '../helpers/chat.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

describe('the session pickers, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`sets the agent's mode and model (${language}, ${size})`, async () => {
      const host = await start(atlasConfig(language, ['--modes']));
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
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
});
