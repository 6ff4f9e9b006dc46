// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BrowseResult } from '../../../schema/config.ts';
import { SettingsScreen } from '../../../pwa/src/settings/SettingsScreen.tsx';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { configPath, current, editorView, settingsHost, typeText } from './settingsHost.tsx';

vi.mock('../../../pwa/src/settings/editor/schemaSupport.ts', () => ({
  schemaSupport: () => [],
  setSchema: vi.fn(),
}));

useMockHost();

const folders: Record<string, BrowseResult> = {
  '': {
    dir: '/home/user/.config/switchboard',
    parent: '/home/user/.config',
    entries: [
      { name: 'old', dir: true },
      { name: 'config.yaml', dir: false },
    ],
  },
  '/home/user/.config/switchboard/old': {
    dir: '/home/user/.config/switchboard/old',
    parent: '/home/user/.config/switchboard',
    entries: [{ name: 'work.yml', dir: false }],
  },
  '/home/user/.config': {
    dir: '/home/user/.config',
    parent: '/home/user',
    entries: [{ name: 'switchboard', dir: true }],
  },
};

folders['/home/user/.config/switchboard'] = folders['']!;

const browse = ([dir]: unknown[]) =>
  folders[dir as string] ?? {
    error: { code: -32000, message: `no such file: ${String(dir)}`, data: { kind: 'not-found' } },
  };

describe('the configuration file', () => {
  it('shows its path and where it came from', async () => {
    settingsHost({ methods: { 'ConfigService.Current': () => current({ source: 'env' }) } });
    renderWithHost(<SettingsScreen />);
    await waitFor(() =>
      expect(document.querySelector('.config-path')?.textContent).toBe(configPath),
    );
    expect(document.querySelector('.config-file .settings-hint')?.textContent).toBe(
      'Given by the SWITCHBOARD_CONFIG environment variable.',
    );
  });

  it('Open… browses folders, goes up, and opens the chosen file once confirmed', async () => {
    const host = settingsHost({
      methods: { 'ConfigService.Browse': browse, 'ConfigService.Open': () => null },
    });
    renderWithHost(<SettingsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Open a configuration file' }));
    await dialog.findByText('/home/user/.config/switchboard');

    fireEvent.click(dialog.getByRole('button', { name: 'Up' }));
    await dialog.findByText('/home/user/.config');
    fireEvent.click(dialog.getByRole('button', { name: 'switchboard, folder' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'old, folder' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'work.yml, configuration file' }));
    expect(host.paramsOf('ConfigService.Browse')).toEqual([
      [''],
      ['/home/user/.config'],
      ['/home/user/.config/switchboard'],
      ['/home/user/.config/switchboard/old'],
    ]);

    const confirm = within(screen.getByRole('dialog', { name: 'Open work.yml?' }));
    // The file, then what opening it costs.
    expect(textPieces(document.querySelector('.confirm-open')!).slice(0, 2)).toEqual([
      '/home/user/.config/switchboard/old/work.yml',
      expect.stringMatching(/every running agent stops, and every conversation is forgotten/),
    ]);
    expect(host.paramsOf('ConfigService.Open')).toEqual([]);
    fireEvent.click(confirm.getByRole('button', { name: 'Stop the agents and open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.paramsOf('ConfigService.Open')).toEqual([
      ['/home/user/.config/switchboard/old/work.yml'],
    ]);
  });

  it('goes back from the confirmation to the folder, and warns of unsaved changes', async () => {
    const host = settingsHost({ methods: { 'ConfigService.Browse': browse } });
    renderWithHost(<SettingsScreen />);
    await waitFor(() => expect(editorView().state.doc.length).toBeGreaterThan(0));
    typeText('theme: dark\n');

    fireEvent.click(screen.getByRole('button', { name: 'Open…' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('button', { name: 'config.yaml, configuration file' }));
    expect(document.querySelector('.confirm-open .settings-notice-warn')?.textContent).toBe(
      'Your unsaved changes in the editor will be lost.',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Back' }));
    // The folder again, where the file was chosen.
    await waitFor(() => expect(document.querySelector('.confirm-open')).toBeNull());
    expect(document.querySelector('.folder-path')?.textContent).toBe(
      '/home/user/.config/switchboard',
    );
    expect(host.paramsOf('ConfigService.Open')).toEqual([]);
  });

  it('shows why a file was not opened, and stays open', async () => {
    const message = '/home/user/.config/switchboard/config.yaml has errors and was not opened: …';
    settingsHost({
      methods: {
        'ConfigService.Browse': browse,
        'ConfigService.Open': () => ({
          error: { code: -32000, message, data: { kind: 'invalid-config' } },
        }),
      },
    });
    renderWithHost(<SettingsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open…' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('button', { name: 'config.yaml, configuration file' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Stop the agents and open' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(`Not opened: ${message}`);
    expect(screen.getByRole<HTMLDialogElement>('dialog').open).toBe(true);
  });

  it('opens a recent file once confirmed, the file in use being only marked', async () => {
    const host = settingsHost({
      methods: {
        'ConfigService.Recent': () => [configPath, '/srv/team/switchboard.yaml'],
        'ConfigService.Open': () => null,
      },
    });
    renderWithHost(<SettingsScreen />);
    const recent = within(await screen.findByRole('group', { name: 'Recent files' }));
    fireEvent.click(await recent.findByRole('button', { name: 'Open /srv/team/switchboard.yaml' }));
    expect(recent.getAllByRole('button')).toHaveLength(1);
    expect([...document.querySelectorAll('.recent-file')].map((file) => textPieces(file))).toEqual([
      ['config.yaml', '/home/user/.config/switchboard', 'in use'],
      ['switchboard.yaml', '/srv/team', 'Open'],
    ]);

    const confirm = within(await screen.findByRole('dialog', { name: 'Open switchboard.yaml?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Stop the agents and open' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.paramsOf('ConfigService.Open')).toEqual([['/srv/team/switchboard.yaml']]);
    expect(host.paramsOf('ConfigService.Browse')).toEqual([]);
  });
});
