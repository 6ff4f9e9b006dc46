/**
 * An agent that asks for a login (issue 15, CONTRACT.md §7) in real Chromium against a real host
 * and a fake agent that refuses to open a session until then: the message waits, the agent's ways
 * to log in show above the composer, a key typed there is saved in the agent's `env` (the
 * configuration file, comments kept) and the answer arrives — in English and French, at desktop
 * and tablet sizes (saved as screenshots).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

describe('a login the agent asks for, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`saves the key and answers the waiting message (${language}, ${size})`, async () => {
      const host = await start(
        atlasConfig(language, ['--auth=session'], ['# The agents of this test']),
      );
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
      await composer.fill('hi');
      await composer.press('Enter');

      const prompt = page.getByRole('region', {
        name: say('chat.login.title', { agent: 'Atlas' }),
      });
      const key = prompt.getByRole('form', { name: 'Use FAKE_AGENT_KEY' });
      await key.waitFor();
      await expect.poll(() => prompt.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);
      const field = key.getByLabel('FAKE_AGENT_KEY');
      await field.fill('s3cret');
      if (size === 'tablet') {
        for (const control of [field, key.getByRole('button')]) {
          expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
      }
      await shoot(page, `login-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'chat');

      await key.getByRole('button', { name: say('chat.login.saveAndLogIn') }).click();
      await page.getByText('Hello, world').waitFor();
      await prompt.waitFor({ state: 'detached' });
      const saved = await readFile(host.configPath, 'utf8');
      expect(saved).toContain('# The agents of this test\n'); // its comments kept
      expect(saved).toContain('FAKE_AGENT_KEY: s3cret');
      await context.close();
    });
  }
});
