// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import english from '../../../locales/inspector.en.json' with { type: 'json' };
import french from '../../../locales/inspector.fr.json' with { type: 'json' };
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { inspector, inspectorMethods, recorder, startRecords } from './fixtures.tsx';

useMockHost();

describe('the Inspector in French', () => {
  it('says everything in French, the time travel included', async () => {
    mockHost(inspectorMethods({ claude: startRecords() }));
    const { container } = renderWithHost(inspector('claude'), 'fr');
    const chart = await screen.findByRole('img', {
      name: 'Diagramme d’états agentLifecycle, dans l’état ready.running',
    });
    // What to inspect, then the log's filters: each select by its French label.
    expect(
      screen
        .getAllByRole<HTMLSelectElement>('combobox')
        .map((select) => select.labels[0]?.textContent),
    ).toEqual(['Inspecter', 'Acteur', 'Nature', 'Type d’événement']);
    const actors = screen.getByRole('navigation', { name: 'Acteurs' });
    expect(within(actors).getByRole('button').textContent).toBe('Cycle de vieready.running');
    expect(textPieces(document.querySelector('.inspector-chart-bar')!)).toEqual([
      'Cycle de vie',
      'dans ready.running',
      'après agent.handshakeSucceeded',
      'En direct',
      '−',
      'Ajuster',
      '+',
    ]);
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    expect(
      within(zoom)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Réduire', 'Ajuster', 'Agrandir']);
    const logTitle = screen.getByRole('heading', { level: 2 });
    expect(logTitle.textContent).toBe('Journal des événements');
    expect(textPieces(logTitle.parentElement!)).toContain('5 sur 5');

    const log = screen.getByRole('listbox', {
      name: 'Enregistrements, du plus récent au plus ancien',
    });
    expect(within(log).getAllByText('instantané')).toHaveLength(2);
    fireEvent.click(within(log).getAllByRole('option')[2]!);
    const travel = document.querySelector('.inspector-travel')!;
    expect(textPieces(travel)[0]).toMatch(/^Tel qu’il était à l’enregistrement n° 3, /);
    expect(textPieces(travel)[1]).toBe('Revenir au direct');
    const details = screen.getByRole('region', { name: 'L’enregistrement choisi' });
    expect(within(details).getAllByRole('heading', { level: 4 }).at(-1)?.textContent).toBe(
      'Instantané à ce moment-là',
    );

    // No English left on the screen, but in the data shown as it is (JSON, event types).
    const screenText = container.cloneNode(true) as HTMLElement;
    for (const data of screenText.querySelectorAll('pre, code')) data.remove();
    const text = screenText.textContent ?? '';
    for (const [key, sentence] of Object.entries(english)) {
      const start = sentence.replace(/\{.*$/, '').trim();
      if (sentence === french[key as keyof typeof french] || start.length < 4) continue;
      const escaped = start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(text, key).not.toMatch(new RegExp(`\\b${escaped}\\b`));
    }
    // The chart's own words too: its delays.
    expect(within(chart).getAllByText('après stopGrace').length).toBeGreaterThan(0);
  });

  it('names the ACP session in French', async () => {
    const record = recorder(6);
    const records = [
      ...startRecords(),
      record('session', 'actor', 'inspector.watch', { value: 'open', status: 'active' }),
    ];
    mockHost(inspectorMethods({ claude: records }));
    renderWithHost(inspector('claude'), 'fr');
    const actors = await screen.findByRole('navigation', { name: 'Acteurs' });
    await screen.findByRole('button', { name: /Session ACP/ });
    expect(
      within(actors)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cycle de vieready.running', 'Session ACPopen']);
  });

  it('has every string in French too, and only those', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
  });
});
