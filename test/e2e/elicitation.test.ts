/**
 * An agent that asks for input (issue 15, CONTRACT.md §7) in real Chromium against a real host:
 * the form built from its schema, filled in and sent, reaches the agent — in English and French,
 * at desktop and tablet sizes (saved as screenshots).
 */
import { describe, expect, it } from 'vitest';
import { appHostsPerFile } from '../helpers/appHosts.ts';
import { script } from '../helpers/chat.ts';
import { atlasConfig, openAtlasChat } from '../helpers/atlasChat.ts';
import { languageBySize } from '../helpers/browser.ts';
import { expectNoEnglish, shoot } from '../helpers/screens.ts';

const { start, launch } = appHostsPerFile();

const requestedSchema = {
  type: 'object',
  properties: {
    target: {
      type: 'string',
      title: 'Target',
      oneOf: [
        { const: 'prod', title: 'Production' },
        { const: 'staging', title: 'Staging' },
      ],
    },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 5, default: 2 },
    notify: { type: 'boolean', title: 'Notify the team' },
  },
  required: ['target'],
};

describe('an elicitation, in the browser', () => {
  // Each language once and each size once (see `languageBySize`).
  for (const [language, size] of languageBySize) {
    it(`fills in the agent's form and sends it (${language}, ${size})`, async () => {
      const host = await start(atlasConfig(language, ['--session']));
      const { page, context, say, composer } = await openAtlasChat(
        await launch(),
        host,
        language,
        size,
      );
      const message = 'Where should I deploy?';
      await composer.fill(script({ elicit: { mode: 'form', message, requestedSchema } }));
      await composer.press('Enter');
      const form = page.getByRole('form', { name: say('chat.elicit.title', { agent: 'Atlas' }) });
      await form.waitFor();
      await form.getByRole('combobox', { name: /Target/ }).selectOption({ label: 'Staging' });
      await form.getByRole('spinbutton', { name: /Replicas/ }).fill('3');
      await form.getByRole('checkbox', { name: 'Notify the team' }).check();
      if (size === 'tablet') {
        // A checkbox is reached through its label, which is the touch target.
        const targets = 'select, input:not([type=checkbox]), button, .chat-elicitation-check';
        for (const control of await form.locator(targets).all()) {
          expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
      }
      await shoot(page, `elicitation-${language}-${size}`);
      if (language === 'fr') await expectNoEnglish(page, 'chat');
      await form.getByRole('button', { name: say('chat.elicit.send') }).click();
      await page
        .getByText(
          'elicit: {"action":"accept","content":{"target":"staging","replicas":3,"notify":true}}',
        )
        .waitFor();
      await form.waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
