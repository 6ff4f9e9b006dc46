// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { chatMethods, conversation, message, RoutedChat } from './fixtures.tsx';

useMockHost();

/** The agent's state the header shows, under the label that says it is the state. */
const headerState = () => screen.getByLabelText(/^(State|État) ?: /).textContent;
/** What the screen says in place of a conversation: choose an agent, or this one is unknown. */
const placeholder = () => document.querySelector('.chat-placeholder')?.textContent;

describe('the Chat screen', () => {
  it('lists the agents with their state, and navigates to the one chosen', async () => {
    const host = mockHost(chatMethods(conversation()));
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent={undefined} navigate={navigate} />);
    const list = await screen.findByRole('navigation', { name: 'Agents' });
    await within(list).findByText('Claude');
    // Each agent: its icon (or initial), its title, its state.
    expect(within(list).getAllByRole('button').map(textPieces)).toEqual([
      ['🤖', 'Claude', 'ready'],
      ['C', 'Codex', 'error'],
    ]);
    expect(placeholder()).toBe('Choose an agent to talk to.');
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
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Claude');
    expect(headerState()).toBe('ready');
    const current = within(screen.getByRole('navigation')).getByRole('button', { name: /Claude/ });
    expect(current.getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: /Codex/ }));
    await waitFor(() =>
      expect(host.calls.filter((call) => call.method === 'ChatService.Conversation')).toEqual([
        { method: 'ChatService.Conversation', params: ['claude', 200] },
        { method: 'ChatService.Conversation', params: ['codex', 200] },
      ]),
    );
    // Why the agent failed, under its name.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Codex'),
    );
    expect(headerState()).toBe('error');
    expect(document.querySelector('.chat-header-error')?.textContent).toBe('spawn codex ENOENT');
  });

  it('follows the agent’s state as it changes', async () => {
    const host = mockHost(chatMethods(conversation()));
    renderWithHost(<ChatScreen agent="claude" navigate={() => {}} />);
    await screen.findByLabelText('State: ready');
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'busy', outdated: false } });
    await waitFor(() => expect(headerState()).toBe('busy'));
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
    await waitFor(() =>
      expect(placeholder()).toBe('There is no agent named “nobody” in this configuration.'),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Agent' }), {
      target: { value: 'claude' },
    });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The conversation could not be loaded: the host broke',
      ),
    );
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
    await waitFor(() =>
      expect(document.querySelector('.chat-system-text')?.textContent).toBe(
        'Claude a redémarré dans une nouvelle session et a oublié le début de cette conversation.',
      ),
    );
    expect(document.querySelector('.chat-note-arriving')?.textContent).toBe('Claude répond…');
    expect(document.querySelector('.chat-queued')?.textContent).toBe('1 message en attente');
    expect(screen.getByRole('textbox').getAttribute('aria-label')).toBe('Message à Claude');
    expect(textPieces(document.querySelector('.chat-composer-actions')!)).toEqual([
      'Annuler',
      'Envoyer',
    ]);
    expect(headerState()).toBe('prêt');
    expect(screen.getByRole('navigation').getAttribute('aria-label')).toBe('Agents');
  });
});
