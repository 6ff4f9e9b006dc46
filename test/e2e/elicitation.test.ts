/**
 * An agent that asks for input (issue 15, CONTRACT.md §7) in real Chromium against a real host:
 * the form built from its schema, filled in and sent, reaches the agent — in English and French,
 * at desktop and tablet sizes (saved as screenshots).
 */
import { beforeAll, describe, expect, it } from 'vitest';
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
  const { command, args } = fakeAgentCommand(['--session']);
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
  for (const language of ['en', 'fr'] as const) {
    for (const size of ['desktop', 'tablet'] as const) {
      it(`fills in the agent's form and sends it (${language}, ${size})`, async () => {
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
  }
});
