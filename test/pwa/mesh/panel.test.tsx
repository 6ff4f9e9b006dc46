// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeshScreen } from '../../../pwa/src/mesh/MeshScreen.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { channel, entry, overview, today } from '../../helpers/meshOverview.ts';
import { meshMethods } from './fixtures.ts';

useMockHost();

const section = (name: string) => screen.getByRole('region', { name });
const entries = () => within(section('Messages')).getAllByRole('listitem');

describe('the Mesh panel', () => {
  it('shows this machine, the channels, the machines with their live agents, and the messages', async () => {
    mockHost(
      meshMethods(overview, () => [
        channel(),
        channel({
          name: 'work',
          nats: 'nats://10.0.0.5:4222',
          state: 'failed',
          error: 'connection refused',
        }),
      ]),
    );
    renderWithHost(<MeshScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mesh');
    await screen.findByText('This machine is “laptop” in the mesh.');

    const channels = within(section('Channels')).getAllByRole('listitem');
    expect(channels.map((item) => item.textContent)).toEqual([
      'homeconnectednats://nas.local:4222 · as laptop',
      'workfailednats://10.0.0.5:4222 · as laptopconnection refused',
    ]);

    const machines = within(section('Machines')).getAllByRole('article');
    expect(machines.map((machine) => within(machine).getByRole('heading').textContent)).toEqual([
      'laptop',
      'desktop',
    ]);
    expect(textPieces(machines[0]!)).toEqual([
      'laptop',
      'this machine',
      '2 live agents',
      'alpha',
      'beta',
    ]);
    const agents = within(machines[0]!).getByRole('list', { name: 'Live agents of laptop' });
    expect(
      within(agents)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['alpha', 'beta']);
    expect(textPieces(machines[1]!)).toEqual(['desktop', '1 live agent', 'gamma']);

    // Newest first: direction, agent, type, the other side, the time, the payload.
    const [handoff, prReady] = entries();
    expect(textPieces(handoff!)).toEqual([
      'received',
      'beta',
      'handoff',
      'from gamma on desktop',
      '10:35:09',
      '{"branch":"fix/login"}',
    ]);
    // A payload's reason or message in words, the rest as JSON.
    expect(textPieces(prReady!)).toEqual([
      'sent',
      'alpha',
      'PR ready',
      'to gamma on desktop',
      '10:30:05',
      'PR #42 is green',
      '{"pr":42}',
    ]);
  });

  it('says when this machine is on its own, and when nothing was sent yet', async () => {
    mockHost(
      meshMethods(() => overview({ machines: [{ handle: 'laptop', agents: [] }], log: [] })),
    );
    renderWithHost(<MeshScreen />);
    await waitFor(() =>
      expect(textPieces(section('Channels'))).toEqual([
        'Channels',
        'This machine only: the configuration names no channel, so its agents reach each other and no other machine.',
      ]),
    );
    expect(textPieces(section('Machines'))).toEqual([
      'Machines',
      'laptop',
      'this machine',
      'no live agent',
    ]);
    expect(within(section('Messages')).queryByRole('list')).toBeNull();
    expect(textPieces(section('Messages'))).toEqual([
      'Messages',
      'No message yet: they appear here as this machine’s agents send them or collect them.',
    ]);
  });

  it('adds each mesh:message on top as it comes, and loads again on mesh:changed', async () => {
    let mesh = overview();
    const host = mockHost(meshMethods(() => mesh));
    renderWithHost(<MeshScreen />);
    await screen.findByText('from gamma on desktop');
    const overviews = () =>
      host.calls.filter((call) => call.method === 'MeshService.Overview').length;
    const loaded = overviews();

    host.emit({
      name: 'mesh:message',
      data: entry('sent', 'alpha', 'freeze', {
        to: { machine: 'laptop', agents: ['beta'] },
        payload: { reason: 'release 3.1' },
        sent_at: today(10, 42, 7),
      }),
    });
    await screen.findByText('release 3.1');
    const newest = entries()[0]!;
    expect(textPieces(newest)).toEqual([
      'sent',
      'alpha',
      'freeze',
      'to beta on laptop',
      '10:42:07',
      'release 3.1',
    ]);
    expect(entries()).toHaveLength(3);
    // Folded in, not loaded again.
    expect(overviews()).toBe(loaded);

    // An agent checks in on another machine.
    mesh = {
      ...mesh,
      machines: [...mesh.machines, { handle: 'studio', agents: ['delta', 'epsilon'] }],
    };
    host.emit({ name: 'mesh:changed', data: {} });
    await screen.findByRole('heading', { name: 'studio' });
    expect(overviews()).toBe(loaded + 1);
  });

  it('follows a channel’s state, which comes with mesh:changed', async () => {
    let state: 'connecting' | 'connected' = 'connecting';
    const host = mockHost(meshMethods(overview, () => [channel({ state })]));
    renderWithHost(<MeshScreen />);
    await within(await screen.findByRole('region', { name: 'Channels' })).findByText('connecting…');
    state = 'connected';
    host.emit({ name: 'mesh:changed', data: {} });
    await within(section('Channels')).findByText('connected');
  });

  it('loads again while shown: presence elsewhere changes without an event', async () => {
    const host = mockHost(meshMethods(overview));
    const view = renderWithHost(<MeshScreen refreshEveryMs={40} />);
    const overviews = () =>
      host.calls.filter((call) => call.method === 'MeshService.Overview').length;
    await waitFor(() => expect(overviews()).toBeGreaterThanOrEqual(3));
    view.unmount();
    const after = overviews();
    // A wait for nothing to happen: over three periods of refresh, no load once unmounted.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(overviews()).toBe(after);
  });

  it('loads again once the connection is back: what it missed may have changed', async () => {
    let mesh = overview();
    const host = mockHost(meshMethods(() => mesh));
    const { store } = renderWithHost(<MeshScreen refreshEveryMs={60_000} />);
    await screen.findByRole('heading', { name: 'desktop' });
    host.disconnect();
    await waitFor(() => expect(store.getState().connection).toBe('offline'));
    mesh = overview({ machines: [{ handle: 'laptop', agents: ['alpha'] }] });
    store.connection.retry();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'desktop' })).toBeNull());
  });

  it('says why the mesh could not be loaded', async () => {
    mockHost({
      'MeshService.Overview': () => ({
        error: { code: -32000, message: 'the mesh is not ready', data: { kind: 'internal' } },
      }),
    });
    renderWithHost(<MeshScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The mesh could not be loaded: the mesh is not ready',
    );
  });
});
