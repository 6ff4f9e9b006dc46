// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TopBar } from '../../../pwa/src/shell/TopBar.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

describe('the top bar', () => {
  it('shows the screens and the connection once the host answers', async () => {
    const host = mockHost();
    const { store } = renderWithHost(<TopBar route={{ screen: 'agents' }} navigate={() => {}} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('connected'));
    expect(screen.getByRole('button', { name: 'Agents' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(host.calls.map((call) => call.method)).toEqual([
      'AgentService.List',
      'ConfigService.Current',
      'ChatService.Permissions',
    ]);
    expect(store.getState().config?.theme).toBe('light');
  });

  it('speaks French', async () => {
    mockHost();
    renderWithHost(<TopBar route={{ screen: 'settings' }} navigate={() => {}} />, 'fr');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('connecté'));
    const screens = within(screen.getByRole('navigation')).getAllByRole('button');
    expect(screens.map((button) => button.textContent)).toEqual([
      'Agents',
      'Discussion',
      'Maillage',
      'Réglages',
      'Inspecteur',
    ]);
    // Settings is the screen shown.
    expect(screens.map((button) => button.getAttribute('aria-current'))).toEqual([
      null,
      null,
      null,
      'page',
      null,
    ]);
  });
});
