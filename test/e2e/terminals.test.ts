/**
 * A command the agent runs in a terminal (issue 15, CONTRACT.md §7) in real Chromium against a
 * real host: its output live in the tool card's xterm.js, then killed from the card — in English
 * and French, at desktop and tablet sizes (saved as screenshots).
 */
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { script } from '../helpers/chat.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

/** Three green lines and an orange one (a 24-bit colour), then a wait that only a kill ends. */
const command = [
  "for i in 1 2 3; do printf '\\033[32mok\\033[0m step %s of 3\\n' $i; sleep 0.2; done",
  "printf '\\033[38;2;255;128;0mwarn\\033[0m\\n'",
  'sleep 60',
].join('; ');

describe('a terminal, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`shows a command's output live and kills it (${language}, ${size})`, async () => {
      const host = await start(atlasConfig(language, ['--session']));
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
      await composer.fill(script({ terminal: { command } }));
      await composer.press('Enter');
      const terminal = page.getByRole('figure', { name: command });
      const screen = terminal.getByRole('log', { name: say('chat.terminal.output') });
      await expect.poll(() => screen.textContent(), { timeout: 15_000 }).toContain('warn');
      // Its colours are drawn by xterm.js, the 24-bit one as the nearest of the palette.
      const coloured = terminal.locator('.xterm-rows span[class*="xterm-fg-"]');
      const classes = await Promise.all(
        (await coloured.all()).map((span) => span.getAttribute('class')),
      );
      expect(classes).toEqual([...Array<string>(3).fill('xterm-fg-2'), 'xterm-fg-208']);
      const kill = terminal.getByRole('button', { name: say('chat.terminal.kill') });
      expect((await kill.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const card = (await terminal.boundingBox())!;
      expect(card.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await shoot(page, `terminal-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'chat');

      await kill.click();
      await terminal.getByText(say('chat.terminal.killed', { signal: 'SIGTERM' })).waitFor();
      await expect.poll(() => kill.count()).toBe(0);
      await page.getByText(/terminal: null SIGTERM false/).waitFor();
      await shoot(page, `terminal-killed-${language}-${size}`);
      await context.close();
    });
  }
});
