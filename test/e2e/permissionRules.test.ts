/**
 * Saved permission rules (issue 15, CONTRACT.md §8) in real Chromium against a real host: a
 * request answered by a rule shows it in its tool card, "Always allow" in the chat adds a rule,
 * Settings lists the rules in words and removes one — in English and French, at desktop and
 * tablet sizes (saved as screenshots).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { askPermission, permissionOptions, script } from '../helpers/chat.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

/** The rules the file starts with, after a comment the app must keep. */
const rules = [
  '# What I let my agents do',
  'permissions:',
  '  - agent: a',
  '    kind: edit',
  '    path: src/**',
  '    answer: allow',
  '  - kind: execute',
  '    answer: reject',
];

const ask = (toolCallId: string, title: string, kind: string, path: string) =>
  askPermission(
    { toolCallId, title, kind, locations: [{ path }] },
    permissionOptions({ always: true }),
  );

describe('permission rules, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`answers by rule, adds one with Always allow, lists and removes them (${language}, ${size})`, async () => {
      const host = await start(atlasConfig(language, ['--session'], rules));
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
      const steps = script(
        ask('e1', 'Edit src/app.ts', 'edit', join(host.folder, 'src', 'app.ts')),
        { text: ' · ' },
        ask('e2', 'Edit docs/guide.md', 'edit', join(host.folder, 'docs', 'guide.md')),
      );
      await composer.fill(steps);
      await composer.press('Enter');
      await page.getByText(say('chat.tool.rule.allow', { rule: 1 })).waitFor();
      await page.getByRole('button', { name: 'Always allow' }).click();
      // The answer's text parts stand around the tool cards.
      await page.getByText('permission: selected always').waitFor();
      await shoot(page, `rule-answered-${language}-${size}`);
      expect(await readFile(host.configPath, 'utf8')).toContain('path: docs/**');

      await page.goto(`${host.base}/#/settings`);
      const section = page.getByRole('region', { name: say('settings.rules.title') });
      const items = section.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(3);
      await section.scrollIntoViewIfNeeded();
      await shoot(page, `rules-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'settings');
      if (size === 'tablet') {
        const remove = section.getByRole('button').first();
        expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await section.getByRole('button').nth(1).click();
      await expect.poll(() => items.count()).toBe(2);
      expect(await readFile(host.configPath, 'utf8')).not.toContain('execute');
      await context.close();
    });
  }

  for (const [language, size] of languageBySize) {
    it(`says where “Always allow” was clicked why its rule was not saved, and keeps the request (${language}, ${size})`, async () => {
      const config = atlasConfig(language, ['--session'], rules);
      const host = await start(config);
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
      const guide = join(host.folder, 'docs', 'guide.md');
      await composer.fill(script(ask('e1', 'Edit docs/guide.md', 'edit', guide)));
      await composer.press('Enter');
      const prompt = page.getByRole('group', {
        name: say('chat.permission.title', { agent: 'Atlas' }),
      });
      const always = prompt.getByRole('button', { name: 'Always allow' });
      await always.waitFor();
      // The file breaks on disk while the request waits: the rule cannot be added to it.
      await writeFile(host.configPath, `${config}oops: [\n`);
      const [notSaved] = say('rule.notSaved', { reason: '\u0000' }).split('\u0000');
      await always.click();
      await prompt.getByRole('alert').filter({ hasText: notSaved! }).waitFor();
      expect(await prompt.getByRole('button').count()).toBe(3);
      await shoot(page, `rule-not-saved-${language}-${size}`);

      // The approval inbox says it too, by its own buttons; once the file is mended, it works.
      await page.getByRole('button', { name: say('notify.inbox.label', { count: 1 }) }).click();
      const panel = page.getByRole('region', { name: say('notify.inbox.title') });
      await panel.getByRole('button', { name: 'Always allow' }).click();
      await panel.getByRole('alert').filter({ hasText: notSaved! }).waitFor();
      await writeFile(host.configPath, config);
      await panel.getByRole('button', { name: 'Always allow' }).click();
      await panel.getByText(say('notify.inbox.empty')).waitFor();
      await page.getByText('permission: selected always').waitFor();
      expect(await readFile(host.configPath, 'utf8')).toContain('path: docs/**');
      await context.close();
    }, 60_000);
  }
});
