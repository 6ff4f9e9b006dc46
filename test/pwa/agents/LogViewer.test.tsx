// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentsScreen } from '../../../pwa/src/agents/AgentsScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { agent, refusal } from './agentsFixtures.ts';

useMockHost();

const lines = () =>
  [...screen.getByRole('log').querySelectorAll('.log-line')].map((line) => line.textContent);

describe('the log viewer', () => {
  it('loads the last lines, then appends each agent:log line', async () => {
    const host = mockHost({
      'AgentService.List': () => [agent('claude', { state: 'ready' }), agent('codex')],
      'AgentService.Logs': ([name]) => (name === 'claude' ? ['booting', 'listening'] : []),
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Logs of Claude' }));

    const dialog = screen.getByRole('dialog', { name: 'Logs of Claude' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    await waitFor(() => expect(lines()).toEqual(['booting', 'listening']));
    expect(host.calls).toContainEqual({ method: 'AgentService.Logs', params: ['claude'] });

    host.emit({ name: 'agent:log', data: { agent: 'claude', line: 'warning: slow model' } });
    host.emit({ name: 'agent:log', data: { agent: 'codex', line: 'not for this viewer' } });
    await waitFor(() => expect(lines()).toEqual(['booting', 'listening', 'warning: slow model']));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the logs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when an agent has written nothing, and when the logs cannot be loaded', async () => {
    mockHost({
      'AgentService.List': () => [agent('claude'), agent('codex')],
      'AgentService.Logs': ([name]) =>
        name === 'claude' ? [] : refusal('unknown agent: codex', 'unknown-agent'),
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Logs of Claude' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toBe('Nothing written yet.'));
    fireEvent.click(screen.getByRole('button', { name: 'Close the logs' }));

    fireEvent.click(screen.getByRole('button', { name: 'Logs of Codex' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The logs could not be loaded: unknown agent: codex',
      ),
    );
  });

  it('speaks French', async () => {
    mockHost({
      'AgentService.List': () => [agent('claude')],
      'AgentService.Logs': () => ['prêt'],
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />, 'fr');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Journal de Claude' }));
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', { name: 'Journal de Claude' });
    expect(dialog.open).toBe(true);
    await waitFor(() => expect(lines()).toEqual(['prêt']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer le journal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
