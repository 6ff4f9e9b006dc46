// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../pwa/src/App.tsx';
import { meshStoreOf } from '../../../pwa/src/mesh/MeshStore.ts';
import type { MeshOverview } from '../../../schema/mesh.ts';
import { agent } from '../agents/agentsFixtures.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { entry, overview, today } from '../../helpers/meshOverview.ts';
import { meshMethods } from './fixtures.ts';

useMockHost();

const frozen = (): MeshOverview =>
  overview({
    freezes: [
      {
        from: { machine: 'laptop', agent_id: 'alpha' },
        since: today(10, 42),
        payload: { reason: 'release 3.1' },
      },
    ],
  });

const banner = () => screen.queryByRole('status', { name: 'Merge freezes in force' });

beforeEach(() => {
  window.location.hash = '#/agents';
});

describe('the freeze banner', () => {
  it('shows on the Agents screen while a freeze is in force, and leaves once the host has none', async () => {
    let mesh = frozen();
    const host = mockHost({
      ...meshMethods(() => mesh),
      'AgentService.List': () => [agent('claude')],
    });
    renderWithHost(<App />);
    await screen.findByRole('heading', { name: 'Agents' });
    await waitFor(() =>
      expect(banner()?.textContent).toBe(
        'Merges frozen by alpha on laptop since 10:42 — release 3.1See the mesh',
      ),
    );

    // A freeze-clear from laptop, published by the host after its overview: no freeze left.
    mesh = overview();
    host.emit({ name: 'mesh:changed', data: {} });
    await waitFor(() => expect(banner()).toBeNull());
    // Still on the Agents screen.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Agents');
  });

  it('follows the messages: a freeze puts it up, a freeze-clear from the same machine takes it down', async () => {
    const host = mockHost(meshMethods(overview));
    const { store } = renderWithHost(<App />);
    const logLength = () => meshStoreOf(store).getState().overview?.log.length;
    await screen.findByRole('heading', { name: 'Agents' });
    await waitFor(() =>
      expect(host.calls.some((call) => call.method === 'MeshService.Overview')).toBe(true),
    );
    expect(banner()).toBeNull();

    host.emit({
      name: 'mesh:message',
      data: entry('received', 'beta', 'freeze', {
        from: { machine: 'desktop', agent_id: 'gamma' },
        sent_at: today(9, 5),
      }),
    });
    await waitFor(() =>
      expect(banner()?.textContent).toBe(
        'Merges frozen by gamma on desktop since 09:05See the mesh',
      ),
    );
    // A freeze-clear from another machine leaves desktop's freeze in force.
    host.emit({ name: 'mesh:message', data: entry('sent', 'alpha', 'freeze-clear') });
    await waitFor(() => expect(logLength()).toBe(4));
    expect(banner()).not.toBeNull();
    host.emit({
      name: 'mesh:message',
      data: entry('received', 'beta', 'freeze-clear', {
        from: { machine: 'desktop', agent_id: 'gamma' },
      }),
    });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('leads to the Mesh panel, where it stays without its link', async () => {
    mockHost(meshMethods(frozen));
    renderWithHost(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'See the mesh' }));
    await screen.findByRole('heading', { level: 1, name: 'Mesh' });
    expect(window.location.hash).toBe('#/mesh');
    expect(banner()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'See the mesh' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mesh' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows one line per machine that froze merges, the date when not today', async () => {
    mockHost(
      meshMethods(() =>
        overview({
          freezes: [
            {
              from: { machine: 'laptop', agent_id: 'alpha' },
              since: today(10, 42),
              payload: { message: 'release 3.1 is going out', ticket: 7 },
            },
            {
              from: { machine: 'desktop', agent_id: 'gamma' },
              since: '2024-03-12T08:15:00.000Z',
              payload: {},
            },
          ],
        }),
      ),
    );
    renderWithHost(<App />);
    const lines = await waitFor(() => {
      const items = banner()?.querySelectorAll('li') ?? [];
      expect(items).toHaveLength(2);
      return [...items].map((item) => item.textContent);
    });
    expect(lines[0]).toBe(
      'Merges frozen by alpha on laptop since 10:42 — release 3.1 is going out',
    );
    expect(lines[1]).toMatch(/^Merges frozen by gamma on desktop since Mar 12, \d\d:\d\d$/);
  });
});
