// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentsScreen } from '../../../pwa/src/agents/AgentsScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { agent } from './agentsFixtures.ts';

useMockHost();

const card = (title: string) => screen.getByRole('article', { name: title });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the Agents panel', () => {
  it('shows every agent of the configuration, in its order, with its state', async () => {
    mockHost({
      'AgentService.List': () => [
        agent('claude', { icon: '🤖', description: 'Claude Code over ACP', state: 'ready' }),
        agent('codex', { title: 'Codex CLI', state: 'busy' }),
        agent('gemini'),
      ],
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Claude',
      'Codex CLI',
      'Gemini',
    ]);
    expect(within(card('Claude')).getByText('ready')).toBeDefined();
    expect(within(card('Claude')).getByText('🤖')).toBeDefined();
    expect(within(card('Claude')).getByText('Claude Code over ACP')).toBeDefined();
    expect(within(card('Codex CLI')).getByText('busy')).toBeDefined();
    expect(within(card('Gemini')).getByText('stopped')).toBeDefined();
    expect(screen.getByText('3 agents, 2 running')).toBeDefined();
  });

  it('follows agent:state events: the label and the buttons that make sense', async () => {
    const host = mockHost({ 'AgentService.List': () => [agent('claude')] });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(within(card('Claude')).getByText('stopped')).toBeDefined());
    expect(button('Start Claude').disabled).toBe(false);
    expect(button('Stop Claude').disabled).toBe(true);
    expect(button('Restart Claude').disabled).toBe(true);

    host.emit({
      name: 'agent:state',
      data: { agent: 'claude', state: 'starting', outdated: false },
    });
    await waitFor(() => expect(within(card('Claude')).getByText('starting…')).toBeDefined());
    expect(button('Start Claude').disabled).toBe(true);
    expect(button('Stop Claude').disabled).toBe(false);

    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'ready', outdated: false } });
    await waitFor(() => expect(within(card('Claude')).getByText('ready')).toBeDefined());
    expect(button('Start Claude').disabled).toBe(true);
    expect(button('Stop Claude').disabled).toBe(false);
    expect(button('Restart Claude').disabled).toBe(false);
  });

  it('shows the outdated badge, and an error with its reason on several lines', async () => {
    const reason = 'the agent exited during its start (code 1)\nError: no API key\n  at main.js:3';
    mockHost({
      'AgentService.List': () => [
        agent('claude', { state: 'busy', outdated: true }),
        agent('codex', { state: 'error', error: reason }),
      ],
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(within(card('Claude')).getByText('restart to apply changes')).toBeDefined();
    expect(within(card('Codex')).queryByText('restart to apply changes')).toBeNull();
    const error = card('Codex').querySelector('.agent-error');
    expect(error?.tagName).toBe('PRE');
    expect(error?.textContent).toBe(reason);
    expect(within(card('Codex')).getByText('error')).toBeDefined();
    expect(button('Start Codex').disabled).toBe(false);
    expect(button('Stop Codex').disabled).toBe(true);
  });

  it('opens the chat of an agent', async () => {
    mockHost({ 'AgentService.List': () => [agent('claude'), agent('codex')] });
    const navigate = vi.fn();
    renderWithHost(<AgentsScreen navigate={navigate} />);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    fireEvent.click(button('Chat with Codex'));
    expect(navigate).toHaveBeenCalledWith({ screen: 'chat', agent: 'codex' });
  });

  it('says how to add an agent when the configuration has none', async () => {
    mockHost();
    const navigate = vi.fn();
    renderWithHost(<AgentsScreen navigate={navigate} />);
    await waitFor(() => expect(screen.getByText('No agents yet')).toBeDefined());
    expect(screen.getByText(/under “agents:”/)).toBeDefined();
    fireEvent.click(button('Open Settings'));
    expect(navigate).toHaveBeenCalledWith({ screen: 'settings' });
  });

  it('speaks French', async () => {
    mockHost({
      'AgentService.List': () => [
        agent('claude', { state: 'ready', outdated: true }),
        agent('codex', { state: 'starting' }),
        agent('gemini', { state: 'error', error: 'plantage' }),
      ],
    });
    renderWithHost(<AgentsScreen navigate={() => {}} />, 'fr');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(within(card('Claude')).getByText('prêt')).toBeDefined();
    expect(within(card('Claude')).getByText('à redémarrer')).toBeDefined();
    expect(within(card('Codex')).getByText('démarre…')).toBeDefined();
    expect(within(card('Gemini')).getByText('erreur')).toBeDefined();
    expect(button('Démarrer Gemini').disabled).toBe(false);
    expect(button('Arrêter Claude').disabled).toBe(false);
    expect(button('Redémarrer Claude')).toBeDefined();
    expect(button('Discuter avec Claude')).toBeDefined();
    expect(button('Journal de Claude')).toBeDefined();
    expect(screen.getByText('3 agents, 1 en marche')).toBeDefined();
  });
});
