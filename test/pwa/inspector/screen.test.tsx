// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appActors } from '../../../pwa/src/connection/HostStore.ts';
import { HostContext } from '../../../pwa/src/connection/useHost.ts';
import { I18nProvider } from '../../../pwa/src/i18n.tsx';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { inspector, inspectorMethods, recorder, startRecords } from './fixtures.tsx';

useMockHost();

const actors = () => screen.getByRole('navigation', { name: 'Actors' });

describe('the Inspector screen', () => {
  it('watches the agent it shows, and stops watching when it leaves it', async () => {
    const host = mockHost(inspectorMethods({ claude: startRecords() }));
    const view = renderWithHost(inspector('claude'));
    await waitFor(() =>
      expect(host.calls).toContainEqual({ method: 'InspectorService.Watch', params: ['claude'] }),
    );
    await screen.findByRole('button', { name: /Lifecycle/ });

    // Another agent chosen: the view of the first one leaves.
    view.rerender(
      <HostContext.Provider value={view.store}>
        <I18nProvider language="en">{inspector('codex')}</I18nProvider>
      </HostContext.Provider>,
    );
    await waitFor(() =>
      expect(host.calls).toContainEqual({ method: 'InspectorService.Unwatch', params: ['claude'] }),
    );
    expect(host.calls).toContainEqual({ method: 'InspectorService.Watch', params: ['codex'] });

    view.unmount();
    await waitFor(() =>
      expect(host.calls).toContainEqual({ method: 'InspectorService.Unwatch', params: ['codex'] }),
    );
    // The store watches again what it watched when it (re)connects: a Watch may come twice.
    const inspectorCalls = host.calls
      .filter((call) => call.method.startsWith('Inspector'))
      .map((call) => `${call.method} ${String(call.params[0])}`)
      .filter((call, index, calls) => call !== calls[index - 1]);
    expect(inspectorCalls).toEqual([
      'InspectorService.Watch claude',
      'InspectorService.Unwatch claude',
      'InspectorService.Watch codex',
      'InspectorService.Unwatch codex',
    ]);
  });

  it('picks what to inspect: the agents, and this app', async () => {
    mockHost(inspectorMethods({}));
    const navigate = vi.fn();
    renderWithHost(inspector(undefined, navigate));
    expect(document.querySelector('.inspector-placeholder')?.textContent).toBe(
      'Choose an agent, or this app, to see its statecharts live and the events that moved them.',
    );
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Inspect' });
    await waitFor(() =>
      expect([...picker.options].map((option) => option.textContent)).toEqual([
        'Choose what to inspect…',
        'Claude',
        'Codex',
        'This app (connection)',
      ]),
    );
    fireEvent.change(picker, { target: { value: 'codex' } });
    expect(navigate).toHaveBeenLastCalledWith({ screen: 'inspector', agent: 'codex' });
    fireEvent.change(picker, { target: { value: appActors } });
    expect(navigate).toHaveBeenLastCalledWith({ screen: 'inspector', agent: '@app' });
  });

  it('lists the actors with their current state, the lifecycle first and the newest turn next', async () => {
    const record = recorder(6);
    const records = [
      ...startRecords(),
      record('turn:m1aaaaaaaaaa', 'actor', 'xstate.init'),
      record('turn:m1aaaaaaaaaa', 'snapshot', 'xstate.init', { value: 'queued', status: 'active' }),
      record('turn:m1aaaaaaaaaa', 'snapshot', 'turn.promptEnded', {
        value: 'ended',
        status: 'done',
      }),
      record('turn:m2bbbbbbbbbb', 'snapshot', 'turn.begin', {
        value: 'waitingForAgent',
        status: 'active',
      }),
    ];
    mockHost(inspectorMethods({ claude: records }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('button', { name: /Lifecycle/ });
    const buttons = within(actors()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Lifecycleready.running',
      'Turn m2bbbbbbwaitingForAgent',
      'Turn m1aaaaaaended · done',
    ]);
    // The lifecycle is drawn first; another actor is drawn when chosen.
    expect(buttons[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(buttons[1]!);
    await waitFor(() => expect(buttons[1]!.getAttribute('aria-current')).toBe('true'));
    const chart = await screen.findByRole('img', {
      name: 'Statechart turn, in state waitingForAgent',
    });
    expect(
      chart.querySelector('[data-node-id="turn.waitingForAgent"]')?.getAttribute('data-active'),
    ).toBe('true');
  });

  it('names the ACP session, and draws it in a sub-state of opening', async () => {
    const record = recorder(6);
    const records = [
      ...startRecords(),
      record('turn:m1aaaaaaaaaa', 'snapshot', 'turn.begin', {
        value: 'waitingForAgent',
        status: 'active',
      }),
      record('session', 'actor', 'inspector.watch', { value: 'lost', status: 'active' }),
      record('session', 'event', 'session.open', { payload: { canResume: true, canLoad: true } }),
      record('session', 'snapshot', 'session.open', {
        value: { opening: 'resume' },
        status: 'active',
      }),
    ];
    mockHost(inspectorMethods({ claude: records }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('button', { name: /Lifecycle/ });
    const buttons = within(actors()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Lifecycleready.running',
      'ACP sessionopening.resume',
      'Turn m1aaaaaawaitingForAgent',
    ]);
    fireEvent.click(buttons[1]!);
    const chart = await screen.findByRole('img', {
      name: 'Statechart acpSession, in state opening.resume',
    });
    const lit = [...chart.querySelectorAll('[data-active="true"]')].map((node) =>
      node.getAttribute('data-node-id'),
    );
    expect(lit).toEqual(['acpSession.opening', 'acpSession.opening.resume']);
    const taken = [...chart.querySelectorAll('[data-taken="true"]')].map((edge) =>
      edge.getAttribute('data-edge-id'),
    );
    // `lost` has three guarded candidates for `session.open`: all are kept, up to the unguarded one.
    expect(taken).toEqual([
      'acpSession.lost|session.open|0',
      'acpSession.lost|session.open|1',
      'acpSession.lost|session.open|2',
    ]);
  });

  it('inspects this app: its own connection, without asking the host', async () => {
    const host = mockHost(inspectorMethods({}));
    renderWithHost(inspector(appActors));
    const connection = await screen.findByRole('button', { name: /Connection/ });
    await waitFor(() => expect(connection.textContent).toBe('Connectiononline'));
    const chart = await screen.findByRole('img', {
      name: 'Statechart connection, in state online',
    });
    expect(
      chart.querySelector('[data-node-id="connection.online"]')?.getAttribute('data-active'),
    ).toBe('true');
    expect(host.calls.some((call) => call.method.startsWith('InspectorService'))).toBe(false);
  });

  it('says so when the agent is not in the configuration', async () => {
    mockHost(inspectorMethods({}));
    renderWithHost(inspector('nobody'));
    await waitFor(() =>
      expect(document.querySelector('.inspector-placeholder')?.textContent).toBe(
        'There is no agent named “nobody” in the configuration.',
      ),
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
