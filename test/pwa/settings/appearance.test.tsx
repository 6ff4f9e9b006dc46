// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Problem } from '../../../schema/config.ts';
import { SettingsScreen } from '../../../pwa/src/settings/SettingsScreen.tsx';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import {
  configPath,
  configText,
  current,
  editorView,
  problems,
  saveStatus,
  type SettingsHost,
  settingsHost,
  typeText,
} from './settingsHost.tsx';

vi.mock('../../../pwa/src/settings/editor/schemaSupport.ts', () => ({
  schemaSupport: () => [],
  setSchema: vi.fn(),
}));

useMockHost();

const doc = () => editorView().state.doc.toString();

/** A host whose `Current()` reads the theme from the file, and that says when it is saved. */
function themedHost(problems?: (text: string) => Problem[]): SettingsHost {
  const host: SettingsHost = settingsHost({
    problems,
    methods: {
      'ConfigService.Current': () =>
        current({ theme: /^theme: (\w+)/m.exec(host.disk)?.[1] ?? 'system' }),
      'ConfigService.Save': ([text]) => {
        const found = problems?.(text as string) ?? [];
        if (found.some((problem) => !problem.warning)) return found;
        host.disk = text as string;
        setTimeout(() =>
          host.emit({
            name: 'config:changed',
            data: { path: configPath, valid: true, problems: [] },
          }),
        );
        return found;
      },
    },
  });
  return host;
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('theme and language', () => {
  it('a theme edits the file’s `theme:` keeping its comment, saves it, and follows the file', async () => {
    const host = themedHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(radio('Light').checked).toBe(true));
    // The editor is a lazy chunk: its first import, cold on a loaded machine, takes over 1 s.
    await waitFor(() => expect(doc()).toBe(configText), { timeout: 10_000 });

    fireEvent.click(radio('Dark'));
    const expected = configText.replace('theme: light #', 'theme: dark #');
    await waitFor(() => expect(host.paramsOf('ConfigService.Save')).toEqual([[expected]]));
    expect(expected).toContain('theme: dark # system, light or dark');
    await waitFor(() => expect(doc()).toBe(expected));
    await waitFor(() => expect(host.paramsOf('ConfigService.Current').length).toBeGreaterThan(1));
    expect(radio('Dark').checked).toBe(true);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('a language goes into the file and into unsaved changes of the editor alike', async () => {
    const host = themedHost();
    renderWithHost(<SettingsScreen />);
    // The editor is a lazy chunk: its first import, cold on a loaded machine, takes over 1 s.
    await waitFor(() => expect(doc()).toBe(configText), { timeout: 10_000 });
    const draft = configText.replace('command: npx', 'command: claude');
    typeText(draft);

    fireEvent.click(radio('Français'));
    await waitFor(() =>
      expect(host.paramsOf('ConfigService.Save')).toEqual([
        [configText.replace('language: en', 'language: fr')],
      ]),
    );
    await waitFor(() => expect(doc()).toBe(draft.replace('language: en', 'language: fr')));
    expect(saveStatus()).toBe('Unsaved changes');
  });

  it('says why the file could not take the change', async () => {
    const error = {
      line: 6,
      column: 5,
      message: '`agents.claude` needs a `command`',
      warning: false,
    };
    themedHost(() => [error]);
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(radio('Light').checked).toBe(true));

    fireEvent.click(radio('System'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Not changed: the configuration file has an error on line 6: `agents.claude` needs a `command`',
    );
    expect(radio('Light').checked).toBe(true);
  });
});

describe('in French', () => {
  it('speaks French', async () => {
    themedHost();
    renderWithHost(<SettingsScreen />, 'fr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Réglages');
    await waitFor(() =>
      expect(document.querySelector('.config-file .settings-hint')?.textContent).toBe(
        'L’emplacement par défaut de la configuration de Switchboard.',
      ),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Ouvrir…' }).disabled).toBe(false);
    const theme = screen.getByRole('group', { name: 'Thème' });
    expect(textPieces(theme)).toEqual(['Thème', 'Système', 'Clair', 'Sombre']);
    expect(screen.getByRole('textbox', { name: 'Modifier le fichier' })).toBe(
      editorView().contentDOM,
    );
    await waitFor(() => expect(problems()).toEqual({ summary: 'Aucun problème.', messages: [] }));

    typeText('theme: dark\n');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saveStatus()).toMatch(/^Enregistré à \d{1,2}:\d{2}\.$/));
  });
});
