// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AgentsScreen } from '../../../pwa/src/agents/AgentsScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { agent } from './agentsFixtures.ts';

useMockHost();

const card = (title: string) => screen.getByRole('article', { name: title });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The text of the part of `title`'s card drawn by `selector` (`.agent-state`: its state's label). */
const shown = (title: string, selector: string) => card(title).querySelector(selector)?.textContent;
/** The line above the cards: how many agents, how many running. */
const summary = () => document.querySelector('.agents-summary')?.textContent;

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
    expect(shown('Claude', '.agent-state')).toBe('ready');
    expect(shown('Claude', '.agent-icon')).toBe('🤖');
    expect(shown('Claude', '.agent-description')).toBe('Claude Code over ACP');
    expect(shown('Codex CLI', '.agent-state')).toBe('busy');
    expect(shown('Gemini', '.agent-state')).toBe('stopped');
    // No icon: the title's initial.
    expect(shown('Gemini', '.agent-icon')).toBe('G');
    expect(summary()).toBe('3 agents, 2 running');
  });

  it('follows agent:state events: the label and the buttons that make sense', async () => {
    const host = mockHost({ 'AgentService.List': () => [agent('claude')] });
    renderWithHost(<AgentsScreen navigate={() => {}} />);
    await waitFor(() => expect(shown('Claude', '.agent-state')).toBe('stopped'));
    expect(button('Start Claude').disabled).toBe(false);
    expect(button('Stop Claude').disabled).toBe(true);
    expect(button('Restart Claude').disabled).toBe(true);

    host.emit({
      name: 'agent:state',
      data: { agent: 'claude', state: 'starting', outdated: false },
    });
    await waitFor(() => expect(shown('Claude', '.agent-state')).toBe('starting…'));
    expect(button('Start Claude').disabled).toBe(true);
    expect(button('Stop Claude').disabled).toBe(false);

    host.emit({ name: 'agent:state', data: { agent: 'claude', state: 'ready', outdated: false } });
    await waitFor(() => expect(shown('Claude', '.agent-state')).toBe('ready'));
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
    expect(shown('Claude', '.agent-outdated')).toBe('restart to apply changes');
    expect(within(card('Codex')).queryByText('restart to apply changes')).toBeNull();
    const error = card('Codex').querySelector('.agent-error');
    expect(error?.tagName).toBe('PRE');
    expect(error?.textContent).toBe(reason);
    expect(shown('Codex', '.agent-state')).toBe('error');
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
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('No agents yet'),
    );
    expect(document.querySelector('.agents-empty p')?.textContent).toMatch(/under “agents:”/);
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
    expect(shown('Claude', '.agent-state')).toBe('prêt');
    expect(shown('Claude', '.agent-outdated')).toBe('à redémarrer');
    expect(shown('Codex', '.agent-state')).toBe('démarre…');
    expect(shown('Gemini', '.agent-state')).toBe('erreur');
    expect(button('Démarrer Gemini').disabled).toBe(false);
    expect(button('Arrêter Claude').disabled).toBe(false);
    expect(button('Redémarrer Claude').disabled).toBe(false);
    expect(button('Discuter avec Claude').disabled).toBe(false);
    expect(button('Journal de Claude').disabled).toBe(false);
    expect(summary()).toBe('3 agents, 1 en marche');
  });
});
