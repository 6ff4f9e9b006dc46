// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { chatMethods, conversation, message, RoutedChat } from './fixtures.tsx';

useMockHost();

describe('the Chat screen', () => {
  it('lists the agents with their state, and navigates to the one chosen', async () => {
    const host = mockHost(chatMethods(conversation()));
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent={undefined} navigate={navigate} />);
    const list = await screen.findByRole('navigation', { name: 'Agents' });
    await within(list).findByText('Claude');
    expect(within(list).getByText('ready')).toBeDefined();
    expect(within(list).getByText('error')).toBeDefined();
    expect(screen.getByText('Choose an agent to talk to.')).toBeDefined();
    fireEvent.click(within(list).getByRole('button', { name: /Codex/ }));
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'codex' });
    // The compact picker of narrow screens does the same.
    fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), {
      target: { value: 'claude' },
    });
    expect(navigate).toHaveBeenLastCalledWith({ screen: 'chat', agent: 'claude' });
    expect(host.calls.some((call) => call.method === 'ChatService.Conversation')).toBe(false);
  });

  it('opens the chosen agent’s conversation, and shows its state', async () => {
    const host = mockHost(chatMethods(conversation()));
    renderWithHost(<RoutedChat agent="claude" />);
    await screen.findByText('No message yet. Write to Claude below.');
    expect(screen.getByRole('heading', { name: 'Claude' })).toBeDefined();
    expect(screen.getByLabelText('State: ready')).toBeDefined();
    const current = within(screen.getByRole('navigation')).getByRole('button', { name: /Claude/ });
    expect(current.getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: /Codex/ }));
    await waitFor(() =>
      expect(host.calls.filter((call) => call.method === 'ChatService.Conversation')).toEqual([
        { method: 'ChatService.Conversation', params: ['claude', 200] },
        { method: 'ChatService.Conversation', params: ['codex', 200] },
      ]),
    );
    expect(await screen.findByText('spawn codex ENOENT')).toBeDefined();
    expect(screen.getByLabelText('State: error')).toBeDefined();
  });

  it('follows the agent’s state as it changes', async () => {
    const host = mockHost(chatMethods(conversation()));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    await screen.findByLabelText('State: ready');
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'busy', outdated: false } });
    expect(await screen.findByLabelText('State: busy')).toBeDefined();
  });

  it('says when the agent is unknown, or its conversation cannot be loaded', async () => {
    mockHost(
      chatMethods(conversation(), {
        'ChatService.Conversation': () => ({
          error: { code: -32000, message: 'the host broke', data: { kind: 'io' } },
        }),
      }),
    );
    renderWithHost(<RoutedChat agent="nobody" />);
    expect(
      await screen.findByText('There is no agent named “nobody” in this configuration.'),
    ).toBeDefined();
    fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), {
      target: { value: 'claude' },
    });
    expect(
      await screen.findByText('The conversation could not be loaded: the host broke'),
    ).toBeDefined();
  });

  it('says when the configuration has no agent', async () => {
    mockHost({ 'AgentService.List': () => [] });
    renderWithHost(<ChatScreen agent={undefined} navigate={() => {}} />);
    await waitFor(() =>
      expect(
        screen.getAllByText('This configuration has no agent yet. Add one in Settings.'),
      ).toHaveLength(2),
    );
  });

  it('speaks French', async () => {
    mockHost(
      chatMethods(
        conversation({
          busy: true,
          queued: 1,
          messages: [
            message({ id: 's1', role: 'system', code: 'agent-restarted' }),
            message({ id: 'a1', done: false }),
          ],
        }),
      ),
    );
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />, 'fr');
    expect(
      await screen.findByText(
        'Claude a redémarré dans une nouvelle session et a oublié le début de cette conversation.',
      ),
    ).toBeDefined();
    expect(screen.getByText('Claude répond…')).toBeDefined();
    expect(screen.getByText('1 message en attente')).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Message à Claude' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDefined();
    expect(screen.getByLabelText('État : prêt')).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Agents' })).toBeDefined();
  });
});
