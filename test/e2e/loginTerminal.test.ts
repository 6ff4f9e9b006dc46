/**
 * A login the agent runs in a terminal (ACP terminal authentication, issue 15 item 1) in real
 * Chromium against a real host and a fake agent whose own login wants a real terminal: the user
 * opens it from the login panel, it fills its box (the program is told the size), the user types
 * the code with the keyboard, and once it ends well the agent restarts and the message is
 * answered — in English and French, at desktop and tablet sizes (saved as screenshots).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

describe('a login in a terminal, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`is typed into and answers the waiting message (${language}, ${size})`, async () => {
      const folder = await mkdtemp(join(tmpdir(), 'switchboard-login-'));
      onTestFinished(() => rm(folder, { recursive: true, force: true }));
      const flags = ['--auth=session', '--auth-terminal', `--login-file=${folder}/in`];
      const host = await start(atlasConfig(language, flags));
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
      const method = prompt.getByRole('form', { name: 'Sign in at a prompt' });
      const open = method.getByRole('button', { name: say('chat.login.openTerminal') });
      expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await open.click();

      const screen = prompt.getByLabel(say('chat.terminal.input'));
      await expect.poll(() => screen.textContent(), { timeout: 15_000 }).toContain('Code:');
      // It fills its box, and its program was told: a size other than the 80×24 it began with.
      await expect
        .poll(async () => /size (\d+)x(\d+)\s*$/m.exec((await screen.textContent()) ?? ''))
        .not.toBeNull();
      const text = (await screen.textContent()) ?? '';
      const sizes = [...text.matchAll(/size (\d+)x(\d+)/g)].map((match) => match[0]);
      expect(sizes.at(-1)).not.toBe('size 80x24');
      expect(text).toContain('token: unset');
      const box = (await screen.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(box.height).toBeGreaterThan(150);

      // Focused when it opens: the keyboard types into the program.
      await page.keyboard.type('let me in');
      await expect.poll(() => screen.textContent()).toContain('let me in');
      await shoot(page, `login-terminal-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'chat');
      await page.keyboard.press('Enter');

      await page.getByText('Hello, world').waitFor({ timeout: 15_000 });
      await prompt.waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
