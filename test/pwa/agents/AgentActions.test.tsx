// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentsScreen } from '../../../pwa/src/agents/AgentsScreen.tsx';
import { mockHost, renderWithHost, useMockHost, type MockHost } from '../helpers/mockHost.tsx';
import { agent, refusal } from './agentsFixtures.ts';

useMockHost();

const card = (title: string) => screen.getByRole('article', { name: title });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The state `title`'s card shows, in words. */
const state = (title: string) => card(title).querySelector('.agent-state')?.textContent;
const limit = 'too many agents running: 2 agent(s) busy (codex, gemini), the limit is 2';

describe('the actions of an agent', () => {
  it('starts an agent: the host is called with its name and the card follows its state', async () => {
    const host: MockHost = mockHost({
      'AgentService.List': () => [agent('claude')],
      'AgentService.Start': ([name]) => {
        const data = { agent: name as string, outdated: false };
        host.emit({ name: 'agent:state', data: { ...data, state: 'starting' } });
        host.emit({ name: 'agent:state', data: { ...data, state: 'ready' } });
        return null;
      },
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(button('Start Claude').disabled).toBe(false));
    fireEvent.click(button('Start Claude'));
    await waitFor(() => expect(state('Claude')).toBe('ready'));
    expect(host.calls).toContainEqual({ method: 'AgentService.Start', params: ['claude'] });
    expect(within(card('Claude')).queryByRole('alert')).toBeNull();
  });

  it('shows why a start was refused, on the card of that agent', async () => {
    const host = mockHost({
      'AgentService.List': () => [agent('claude'), agent('codex', { state: 'busy' })],
      'AgentService.Start': () => refusal(limit, 'limit'),
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(button('Start Claude').disabled).toBe(false));
    fireEvent.click(button('Start Claude'));
    await waitFor(() => expect(within(card('Claude')).getByRole('alert').textContent).toBe(limit));
    expect(within(card('Codex')).queryByRole('alert')).toBeNull();
    expect(host.calls.at(-1)).toEqual({ method: 'AgentService.Start', params: ['claude'] });

    // Once the agent has moved on (started from a chat, say), the refusal is old news.
    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'ready', outdated: false } });
    await waitFor(() => expect(within(card('Claude')).queryByRole('alert')).toBeNull());
  });

  it('shows a failed start once: the reason the card shows already is not repeated', async () => {
    const reason = 'the handshake timed out after 30 s';
    const host: MockHost = mockHost({
      'AgentService.List': () => [agent('claude')],
      'AgentService.Start': ([name]) => {
        const data = { agent: name as string, outdated: false };
        host.emit({ name: 'agent:state', data: { ...data, state: 'error', error: reason } });
        return refusal(reason, 'start-failed');
      },
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(button('Start Claude').disabled).toBe(false));
    fireEvent.click(button('Start Claude'));
    await waitFor(() => expect(state('Claude')).toBe('error'));
    expect(within(card('Claude')).getAllByText(reason)).toHaveLength(1);
  });

  it('stops and restarts an agent', async () => {
    const host = mockHost({
      'AgentService.List': () => [agent('claude', { state: 'ready', outdated: true })],
      'AgentService.Stop': () => null,
      'AgentService.Restart': () => null,
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(button('Restart Claude').disabled).toBe(false));
    fireEvent.click(button('Restart Claude'));
    await waitFor(() => expect(button('Restart Claude').disabled).toBe(false));
    fireEvent.click(button('Stop Claude'));
    await waitFor(() =>
      expect(host.calls.map((call) => call.method)).toContain('AgentService.Stop'),
    );
    expect(host.calls.slice(-2)).toEqual([
      { method: 'AgentService.Restart', params: ['claude'] },
      { method: 'AgentService.Stop', params: ['claude'] },
    ]);
  });
});
