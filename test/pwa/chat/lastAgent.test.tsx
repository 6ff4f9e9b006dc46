// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatScreen } from '../../../pwa/src/chat/ChatScreen.tsx';
import { agentToOpen } from '../../../pwa/src/chat/lastAgent.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { agents, chatMethods, conversation, RoutedChat } from './fixtures.tsx';

useMockHost();

const claude = agents[0]!;
/** What the screen says in place of a conversation. */
const placeholder = () => document.querySelector('.chat-placeholder')?.textContent;
/** What an open conversation with no message says. */
const empty = () => document.querySelector('.chat-empty')?.textContent;

describe('which agent the Chat screen opens', () => {
  it('is the remembered one while it exists, else the only one, else none', () => {
    const two = [{ name: 'claude' }, { name: 'codex' }];
    expect(agentToOpen(two, 'codex')).toBe('codex');
    expect(agentToOpen(two, undefined)).toBeUndefined();
    expect(agentToOpen(two, 'gone')).toBeUndefined();
    expect(agentToOpen([{ name: 'claude' }], undefined)).toBe('claude');
    expect(agentToOpen([{ name: 'claude' }], 'gone')).toBe('claude');
    expect(agentToOpen([], 'gone')).toBeUndefined();
  });

  it('opens the agent whose chat was opened last on this device, completing the route', async () => {
    mockHost(chatMethods(conversation()));
    const first = renderWithHost(<RoutedChat agent={undefined} />);
    const list = await screen.findByRole('navigation', { name: 'Agents' });
    await within(list).findByText('Codex');
    // Nothing remembered, two agents: the picker, as before.
    expect(placeholder()).toBe('Choose an agent to talk to.');
    fireEvent.click(within(list).getByRole('button', { name: /Codex/ }));
    await waitFor(() =>
      expect(document.querySelector('.chat-header-error')?.textContent).toBe('spawn codex ENOENT'),
    );
    first.unmount();

    // Later, the Chat tab (a route with no agent): Codex again, and the route says so.
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent={undefined} navigate={navigate} />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Codex'),
    );
    expect(screen.queryByText('Choose an agent to talk to.')).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'codex' }, { replace: true });
  });

  it('opens the only agent when none is remembered', async () => {
    mockHost({ ...chatMethods(conversation()), 'AgentService.List': () => [claude] });
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent={undefined} navigate={navigate} />);
    await waitFor(() => expect(empty()).toBe('No message yet. Write to Claude below.'));
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'claude' }, { replace: true });
  });

  it('shows the picker when the remembered agent is gone from the configuration', async () => {
    localStorage.setItem('switchboard.chat.lastAgent', 'gemini');
    mockHost(chatMethods(conversation()));
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent={undefined} navigate={navigate} />);
    await waitFor(() => expect(placeholder()).toBe('Choose an agent to talk to.'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('follows the route when it names an agent, and remembers that one', async () => {
    localStorage.setItem('switchboard.chat.lastAgent', 'codex');
    mockHost(chatMethods(conversation()));
    const navigate = vi.fn();
    renderWithHost(<ChatScreen agent="claude" navigate={navigate} />);
    await waitFor(() => expect(empty()).toBe('No message yet. Write to Claude below.'));
    await waitFor(() => expect(localStorage.getItem('switchboard.chat.lastAgent')).toBe('claude'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('remembers no agent the configuration does not have', async () => {
    mockHost(chatMethods(conversation()));
    renderWithHost(<ChatScreen agent="nobody" navigate={() => {}} />);
    await screen.findByText('There is no agent named “nobody” in this configuration.');
    expect(localStorage.getItem('switchboard.chat.lastAgent')).toBeNull();
  });
});
