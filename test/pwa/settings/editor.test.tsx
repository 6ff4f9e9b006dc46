// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSchema } from '../../../pwa/src/settings/editor/schemaSupport.ts';
import { SettingsScreen } from '../../../pwa/src/settings/SettingsScreen.tsx';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import {
  configPath,
  configSchema as schema,
  configText,
  diagnostics,
  editorView,
  problems,
  saveStatus,
  settingsHost,
  typeText,
} from './settingsHost.tsx';

// codemirror-json-schema's ESM does not load under Node (extensionless imports): stand it in.
vi.mock('../../../pwa/src/settings/editor/schemaSupport.ts', () => ({
  schemaSupport: () => [],
  setSchema: vi.fn(),
}));

useMockHost();

const doc = () => editorView().state.doc.toString();

describe('the configuration editor', () => {
  it('shows the file’s text, and gives the schema to the editor', async () => {
    const host = settingsHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));
    expect(screen.getByRole('textbox', { name: 'Edit the file' })).toBe(editorView().contentDOM);
    await waitFor(() => expect(setSchema).toHaveBeenCalledWith(editorView(), schema));
    expect(host.paramsOf('ConfigService.Content')).toEqual([[]]);
  });

  it('checks the text as it is typed: problems inline and in the list', async () => {
    const host = settingsHost({
      problems: (text) =>
        text.includes('theme: blue')
          ? [
              {
                line: 2,
                column: 8,
                message: '`theme` must be system, light, or dark',
                warning: false,
              },
              {
                line: 3,
                column: 3,
                message: 'unknown key `agents.claude.comand` (ignored)',
                warning: true,
              },
            ]
          : [],
    });
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));
    await waitFor(() => expect(problems()).toEqual({ summary: 'No problems.', messages: [] }));

    const bad = 'language: en\ntheme: blue\n  comand: npx\n';
    typeText(bad);
    await waitFor(() => expect(saveStatus()).toBe('Unsaved changes'));
    await waitFor(() => expect(problems().summary).toBe('1 error, 1 warning'));
    expect(host.paramsOf('ConfigService.Validate').at(-1)).toEqual([bad]);
    await waitFor(() => expect(diagnostics()).toHaveLength(2));
    expect(diagnostics()).toEqual([
      { severity: 'error', marked: 'blue', message: '`theme` must be system, light, or dark' },
      {
        severity: 'warning',
        marked: 'comand',
        message: 'unknown key `agents.claude.comand` (ignored)',
      },
    ]);
    const list = within(screen.getByRole('region', { name: 'Problems' }));
    expect(list.getAllByRole('button').map((item) => item.textContent)).toEqual([
      'Errorline 2, column 8`theme` must be system, light, or dark',
      'Warningline 3, column 3unknown key `agents.claude.comand` (ignored)',
    ]);

    // Choosing a problem puts the cursor on it.
    fireEvent.click(list.getAllByRole('button')[1]!);
    expect(editorView().state.selection.main.head).toBe(bad.indexOf('comand'));
  });

  it('waits until typing rests before checking', async () => {
    const host = settingsHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));
    await waitFor(() => expect(host.paramsOf('ConfigService.Validate')).toHaveLength(1));
    typeText('theme: d');
    typeText('theme: da');
    typeText('theme: dark');
    await waitFor(() =>
      expect(host.paramsOf('ConfigService.Validate').at(-1)).toEqual(['theme: dark']),
    );
    expect(host.paramsOf('ConfigService.Validate')).toHaveLength(2);
  });

  it('saves nothing from a text with errors, and says why, keeping the text', async () => {
    const error = {
      line: 1,
      column: 8,
      message: '`theme` must be system, light, or dark',
      warning: false,
    };
    const host = settingsHost({ problems: (text) => (text.includes('blue') ? [error] : []) });
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));

    typeText('theme: blue\n');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveStatus()).toBe('Not saved: an error to fix first. The file is unchanged.'),
    );
    expect(host.paramsOf('ConfigService.Save')).toEqual([['theme: blue\n']]);
    expect(host.disk).toBe(configText);
    expect(doc()).toBe('theme: blue\n');
    expect(problems()).toEqual({ summary: '1 error, no warning', messages: [error.message] });
    await waitFor(() =>
      expect(diagnostics()).toMatchObject([{ severity: 'error', marked: 'blue' }]),
    );
  });

  it('refuses a text over the host’s limit itself, sending it neither to check nor to save', async () => {
    const host = settingsHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));
    await waitFor(() => expect(host.paramsOf('ConfigService.Validate')).toHaveLength(1));
    const huge = `# ${'é'.repeat(600 * 1024)}\n`; // 1.2 MB of UTF-8 in 0.6 M characters
    typeText(huge);
    const message = 'this configuration is over the limit of 1024 KiB';
    await waitFor(() => expect(problems().messages).toEqual([message]));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveStatus()).toBe('Not saved: an error to fix first. The file is unchanged.'),
    );
    expect(host.paramsOf('ConfigService.Validate')).toHaveLength(1);
    expect(host.paramsOf('ConfigService.Save')).toEqual([]);
    expect(doc()).toBe(huge);
  });

  it('saves a valid text and says when', async () => {
    const host = settingsHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));
    const save = screen.getByRole('button', { name: 'Save' });

    const edited = configText.replace('command: npx', 'command: claude-acp');
    typeText(edited);
    fireEvent.click(save);
    await waitFor(() => expect(saveStatus()).toMatch(/^Saved at \d{1,2}:\d{2}/));
    expect(host.paramsOf('ConfigService.Save')).toEqual([[edited]]);
    expect(host.disk).toBe(edited);
    expect(screen.getByRole('button', { name: 'Discard changes' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('follows the file on disk while it has no unsaved change, and offers it otherwise', async () => {
    const host = settingsHost();
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(doc()).toBe(configText));

    host.disk = 'theme: dark\n';
    host.emit({ name: 'config:changed', data: { path: configPath, valid: true, problems: [] } });
    await waitFor(() => expect(doc()).toBe('theme: dark\n'));

    typeText('theme: light\n');
    host.disk = 'theme: system\n';
    host.emit({ name: 'config:changed', data: { path: configPath, valid: true, problems: [] } });
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).toContain('The file changed on disk while you were editing it.');
    expect(doc()).toBe('theme: light\n');

    fireEvent.click(within(offer).getByRole('button', { name: 'Reload from disk' }));
    await waitFor(() => expect(doc()).toBe('theme: system\n'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
