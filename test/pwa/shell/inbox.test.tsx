// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TopBar } from '../../../pwa/src/shell/TopBar.tsx';
import { agent } from '../agents/agentsFixtures.ts';
import { permission, tool } from '../chat/fixtures.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';

useMockHost();

const agents = [
  agent('atlas', { state: 'busy' }),
  agent('boreas', { title: 'Boreas the Builder' }),
];
const fromAtlas = permission({ id: 'p-atlas', agent: 'atlas' });
const fromBoreas = permission({
  id: 'p-boreas',
  agent: 'boreas',
  toolCall: tool({ id: 't-b', title: 'Edit src/app.ts', kind: 'edit', status: 'pending' }),
  options: [
    { optionId: 'ok', name: 'Allow', kind: 'allow_once' },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  ],
});

const inboxButton = (name: RegExp) => screen.findByRole('button', { name });

describe('the approval inbox', () => {
  it('holds every agent’s pending requests, counts them and answers one', async () => {
    const host = mockHost({
      'AgentService.List': () => agents,
      'ChatService.Permissions': () => [fromAtlas],
      'ChatService.AnswerPermission': () => null,
    });
    renderWithHost(<TopBar route={{ screen: 'agents' }} navigate={() => {}} />);
    const button = await inboxButton(/^Approvals: 1 request waits$/);
    expect(button.textContent).toContain('1');
    // A request of an agent whose conversation the app never opened.
    host.emit({ name: 'permission:requested', data: fromBoreas });
    await inboxButton(/^Approvals: 2 requests wait$/);
    fireEvent.click(button);
    const panel = screen.getByRole('region', { name: 'Waiting for your approval' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.inbox-item-asks')?.textContent)).toEqual([
      'Atlas asks to use a tool',
      'Boreas the Builder asks to use a tool',
    ]);
    const boreas = items[1]!;
    expect(boreas.textContent).toContain('Edit src/app.ts');
    const link = within(boreas).getByRole('link', {
      name: 'Open the chat with Boreas the Builder',
    });
    expect(link.getAttribute('href')).toBe('#/chat/boreas');
    fireEvent.click(within(boreas).getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({
        method: 'ChatService.AnswerPermission',
        params: ['p-boreas', 'ok'],
      }),
    );
    host.emit({ name: 'permission:resolved', data: { id: 'p-boreas', agent: 'boreas' } });
    await inboxButton(/^Approvals: 1 request waits$/);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    host.emit({ name: 'permission:resolved', data: { id: 'p-atlas', agent: 'atlas' } });
    await within(panel).findByText('Nothing waits for you.');
    const idle = await inboxButton(/^Approvals: nothing waits$/);
    // No count left on the button.
    expect(idle.querySelector('.inbox-count')).toBeNull();
    expect(idle.className).not.toContain('inbox-button-waiting');
  });

  it('shows why an answer failed, and closes with Escape or by opening a chat', async () => {
    mockHost({
      'AgentService.List': () => agents,
      'ChatService.Permissions': () => [fromBoreas],
      'ChatService.AnswerPermission': () => ({
        error: { code: -32000, message: 'no such request', data: { kind: 'not-found' } },
      }),
    });
    renderWithHost(<TopBar route={{ screen: 'agents' }} navigate={() => {}} />);
    fireEvent.click(await inboxButton(/1 request waits/));
    const panel = screen.getByRole('region', { name: 'Waiting for your approval' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain('no such request');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /1 request waits/ }));
    fireEvent.click(screen.getByRole('link', { name: /Open the chat/ }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });

  it('speaks French', async () => {
    mockHost({
      'AgentService.List': () => agents,
      'ChatService.Permissions': () => [fromAtlas, fromBoreas],
    });
    renderWithHost(<TopBar route={{ screen: 'agents' }} navigate={() => {}} />, 'fr');
    fireEvent.click(await inboxButton(/^Autorisations : 2 demandes attendent$/));
    const panel = screen.getByRole('region', { name: 'En attente de votre accord' });
    expect(within(panel).getAllByRole('link', { name: /^Ouvrir la discussion avec/ })).toHaveLength(
      2,
    );
    expect(panel.textContent).toContain('Boreas the Builder demande à utiliser un outil');
  });

  it('loads the requests again after a resync', async () => {
    let pending = [fromAtlas];
    const host = mockHost({
      'AgentService.List': () => agents,
      'ChatService.Permissions': () => pending,
    });
    renderWithHost(<TopBar route={{ screen: 'agents' }} navigate={() => {}} />);
    await inboxButton(/1 request waits/);
    pending = [fromAtlas, fromBoreas];
    host.emit({ name: 'resync', data: {} } as never);
    await inboxButton(/2 requests wait/);
  });
});
