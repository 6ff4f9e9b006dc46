// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import appEnglish from '../../../locales/app.en.json' with { type: 'json' };
import appFrench from '../../../locales/app.fr.json' with { type: 'json' };
import english from '../../../locales/mesh.en.json' with { type: 'json' };
import french from '../../../locales/mesh.fr.json' with { type: 'json' };
import { translate } from '../../../locales/translate.ts';
import { App } from '../../../pwa/src/App.tsx';
import { meshMessageTypes } from '../../../schema/mesh.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { channel, entry, overview, today } from '../../helpers/meshOverview.ts';
import { meshMethods } from './fixtures.ts';

useMockHost();

beforeEach(() => {
  window.location.hash = '#/mesh';
});

/** Every type of message, sent and received, and a freeze in force. */
const busy = () => {
  const base = overview();
  return overview({
    log: [
      ...base.log,
      ...meshMessageTypes.map((type) =>
        entry('received', 'beta', type, { from: { machine: 'desktop', agent_id: 'gamma' } }),
      ),
      entry('sent', 'alpha', 'ping', { to: { machine: 'studio', agents: [] } }),
      entry('sent', 'alpha', 'note', { to: { machine: 'desktop', agents: ['gamma', 'delta'] } }),
    ],
    freezes: [
      {
        from: { machine: 'laptop', agent_id: 'alpha' },
        since: today(10, 42),
        payload: { reason: 'release 3.1' },
      },
    ],
  });
};

describe('the Mesh panel in French', () => {
  it('says everything in French, the freeze banner included', async () => {
    mockHost(
      meshMethods(
        busy,
        () => [
          channel(),
          channel({ name: 'travail', state: 'reconnecting' }),
          channel({ name: 'bureau', state: 'failed', error: 'connexion refusée' }),
          channel({ name: 'ancien', state: 'closed' }),
          channel({ name: 'nouveau', state: 'connecting' }),
        ],
        'fr',
      ),
    );
    const { container } = renderWithHost(<App />, 'fr');
    await screen.findByRole('heading', { level: 1, name: 'Maillage' });
    await screen.findByText('Cette machine s’appelle « laptop » dans le maillage.');
    const banner = screen.getByRole('status', { name: 'Gels des fusions en cours' });
    expect(banner.textContent).toBe(
      'Fusions gelées par alpha sur laptop depuis 10:42 — release 3.1',
    );

    const channels = screen.getByRole('region', { name: 'Canaux' });
    expect(
      within(channels)
        .getAllByRole('listitem')
        .map((item) => textPieces(item)[1]),
    ).toEqual(['connecté', 'reconnexion…', 'en échec', 'fermé', 'connexion…']);
    expect(within(channels).getAllByText('sous le nom laptop', { exact: false })).toHaveLength(5);
    const machines = screen.getByRole('region', { name: 'Machines' });
    expect(
      within(machines)
        .getAllByRole('article')
        .map((machine) => textPieces(machine.querySelector('header')!)),
    ).toEqual([
      ['laptop', 'cette machine', '2 agents en marche'],
      ['desktop', '1 agent en marche'],
    ]);
    const log = screen.getByRole('region', { name: 'Messages' });
    expect(textPieces(log).slice(0, 2)).toEqual([
      'Messages',
      'Envoyés et reçus par les agents de cette machine, du plus récent au plus ancien.',
    ]);
    for (const type of [
      'gel',
      'dégel',
      'PR prête',
      'version publiée',
      'passation',
      'note',
      'ping',
    ]) {
      expect(within(log).getAllByText(type).length).toBeGreaterThan(0);
    }
    expect(within(log).getAllByText('reçu').length).toBeGreaterThan(0);
    expect(within(log).getAllByText('envoyé').length).toBeGreaterThan(0);
    expect(within(log).getAllByText('de gamma sur desktop').length).toBeGreaterThan(0);
    expect(textPieces(log)).toContain('à studio, remis à aucun agent');
    expect(textPieces(log)).toContain('à gamma et delta sur desktop');

    // No English left on the screen, but in the data shown as it is (JSON, addresses).
    const screenText = container.cloneNode(true) as HTMLElement;
    for (const data of screenText.querySelectorAll('pre, code')) data.remove();
    const text = screenText.textContent ?? '';
    const sentences: [string, string, string | undefined][] = [
      ...Object.entries(english).map(([key, sentence]): [string, string, string | undefined] => [
        key,
        sentence,
        french[key as keyof typeof french],
      ]),
      ...Object.entries(appEnglish).map(([key, sentence]): [string, string, string | undefined] => [
        key,
        sentence,
        appFrench[key as keyof typeof appFrench],
      ]),
    ];
    for (const [key, sentence, translated] of sentences) {
      const start = sentence.replace(/\{.*$/, '').trim();
      if (sentence === translated || start.length < 4) continue;
      const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(text, key).not.toMatch(new RegExp(`\\b${escaped}\\b`));
    }
  });

  it('has every string in French too, and only those, with the same placeholders', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
    const placeholders = (message: string) =>
      [...message.matchAll(/\{(\w+)(?:\}|, *(\w+))/g)]
        .map(([, name, kind]) => `${name}:${kind ?? ''}`)
        .sort();
    for (const [key, sentence] of Object.entries(english)) {
      const translated = french[key as keyof typeof french];
      expect(placeholders(translated), key).toEqual(placeholders(sentence));
      const values = Object.fromEntries(
        placeholders(sentence).map((placeholder) => {
          const [name, kind] = placeholder.split(':');
          return [name!, kind ? 2 : `<${name}>`];
        }),
      );
      for (const language of ['en', 'fr'] as const) {
        expect(translate(language, key as keyof typeof english, values), key).not.toMatch(/[{}]/);
      }
    }
  });
});
