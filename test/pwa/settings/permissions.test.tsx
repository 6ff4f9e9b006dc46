// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsScreen } from '../../../pwa/src/settings/SettingsScreen.tsx';
import type { PermissionRule } from '../../../schema/config.ts';
import { renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { configPath, settingsHost } from './settingsHost.tsx';

vi.mock('../../../pwa/src/settings/editor/schemaSupport.ts', () => ({
  schemaSupport: () => [],
  setSchema: vi.fn(),
}));

useMockHost();

const rules: PermissionRule[] = [
  { index: 0, agent: 'claude', kind: 'edit', path: 'src/**', answer: 'allow' },
  { index: 1, kind: 'execute', answer: 'reject' },
  { index: 2, answer: 'allow' },
];

function rulesHost(first: PermissionRule[] = rules) {
  let held = first;
  const host = settingsHost({
    methods: {
      'AgentService.List': () => [
        {
          name: 'claude',
          title: 'Claude',
          icon: '',
          description: '',
          state: 'ready',
          error: '',
          outdated: false,
        },
      ],
      'ConfigService.Permissions': () => held,
      'ConfigService.RemovePermission': ([index]) => {
        held = held
          .filter((rule) => rule.index !== index)
          .map((rule, at) => ({ ...rule, index: at }));
        setTimeout(() =>
          host.emit({
            name: 'config:changed',
            data: { path: configPath, valid: true, problems: [] },
          }),
        );
        return null;
      },
    },
  });
  return host;
}

describe('the permission rules in Settings', () => {
  it('lists each rule as what it answers, in order, and removes the one chosen', async () => {
    const host = rulesHost();
    renderWithHost(<SettingsScreen />);
    const section = await screen.findByRole('region', { name: 'Permission rules' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.firstChild!.textContent),
    ).toEqual([
      'Let Claude edit in src/**',
      'Never let any agent run commands in any folder',
      'Let any agent use any tool in any folder',
    ]);
    fireEvent.click(
      within(section).getByRole('button', {
        name: 'Remove the rule “Never let any agent run commands in any folder”',
      }),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(host.paramsOf('ConfigService.RemovePermission')).toEqual([[1]]);
  });

  it('says when there is none, in French', async () => {
    rulesHost([]);
    renderWithHost(<SettingsScreen />, 'fr');
    const section = await screen.findByRole('region', { name: 'Règles de permission' });
    expect(
      (await within(section).findByText('Aucune règle : chaque demande vous est posée.')).tagName,
    ).toBe('P');
  });

  it('names a rule’s command, in English and French', async () => {
    const commands: PermissionRule[] = [
      { index: 0, agent: 'claude', kind: 'execute', command: 'npm test', answer: 'allow' },
      { index: 1, command: 'rm -rf build', path: 'web/**', answer: 'reject' },
    ];
    for (const [language, title, texts] of [
      [
        'en',
        'Permission rules',
        [
          'Let Claude run “npm test” in any folder',
          'Never let any agent run “rm -rf build” in web/**',
        ],
      ],
      [
        'fr',
        'Règles de permission',
        [
          'Autoriser Claude à lancer « npm test » dans n’importe quel dossier',
          'Refuser à tout agent de lancer « rm -rf build » dans web/**',
        ],
      ],
    ] as const) {
      rulesHost(commands);
      const { unmount } = renderWithHost(<SettingsScreen />, language);
      const section = await screen.findByRole('region', { name: title });
      await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((item) => item.firstChild!.textContent),
      ).toEqual(texts);
      unmount();
    }
  });
});
