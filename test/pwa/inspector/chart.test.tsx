// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentLifecycleMachine } from '../../../machines/agentLifecycleMachine.ts';
import { statechartGraph } from '../../../machines/statechartGraph.ts';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { inspector, inspectorMethods, recorder, startRecords } from './fixtures.tsx';

useMockHost();

const graph = statechartGraph(agentLifecycleMachine);
const chart = () => screen.getByRole('img', { name: /^Statechart agentLifecycle/ });
const state = (id: string) => chart().querySelector(`[data-node-id="${id}"]`);
const lit = () =>
  [...chart().querySelectorAll('[data-active="true"]')].map((node) =>
    node.getAttribute('data-node-id'),
  );
const taken = () =>
  [...chart().querySelectorAll('[data-taken="true"]')].map((edge) =>
    edge.getAttribute('data-edge-id'),
  );

describe('the chart of the selected actor', () => {
  it('draws every state of the lifecycle by name, nested in its parent, and lights the current one', async () => {
    mockHost(inspectorMethods({ claude: startRecords() }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('img', {
      name: 'Statechart agentLifecycle, in state ready.running',
    });
    for (const node of graph.nodes) {
      const drawn = state(node.id);
      expect(drawn?.querySelector('.chart-state-title')?.textContent, node.id).toBe(node.key);
    }
    // The top-level states, and the children of `ready` among them, by their names.
    for (const name of ['stopped', 'starting', 'ready', 'busy', 'error', 'handshake', 'killing']) {
      expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    }
    expect(lit()).toEqual(['agentLifecycle.ready', 'agentLifecycle.ready.running']);
    // Above the chart: the actor, its state, the event that moved it there, live, the zoom.
    expect(textPieces(document.querySelector('.inspector-chart-bar')!)).toEqual([
      'Lifecycle',
      'in ready.running',
      'after agent.handshakeSucceeded',
      'Live',
      '−',
      'Fit',
      '+',
    ]);
    // The last transition: the handshake's success, from `pending` to `ready`.
    expect(taken()).toEqual([
      'agentLifecycle.starting.handshake.pending|agent.handshakeSucceeded|0',
    ]);
  });

  it('marks the initial states, and labels transitions with their event and guard', async () => {
    mockHost(inspectorMethods({ claude: startRecords() }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('img', { name: /^Statechart agentLifecycle/ });
    const initials = [...chart().querySelectorAll('[data-initial-of]')].map((mark) =>
      mark.getAttribute('data-initial-of'),
    );
    expect(initials.sort()).toEqual(
      graph.nodes
        .filter((node) => node.initial)
        .map((node) => node.id)
        .sort(),
    );
    const release = chart().querySelector(
      '[data-edge-id="agentLifecycle.busy.running|agent.release|0"]',
    );
    expect(release?.textContent).toBe('agent.release[isLastUser]');
    // A transition without a target is written inside its state.
    expect(state('agentLifecycle.ready')?.textContent).toContain('agent.definitionChanged');
  });

  it('zooms in and out with its buttons, and back to fit', async () => {
    mockHost(inspectorMethods({ claude: startRecords() }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('img', { name: /^Statechart agentLifecycle/ });
    // The box has no size here: the chart fits it (a real one opens zoomed in if too small).
    const fit = screen.getByRole('button', { name: 'Fit' });
    expect(fit.getAttribute('aria-pressed')).toBe('true');
    expect(chart().getAttribute('width')).toBe('100%');
    const full = Number(chart().getAttribute('viewBox')!.split(' ')[2]);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number(chart().getAttribute('width'))).toBeCloseTo(full * 1.25);
    expect(fit.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(Number(chart().getAttribute('width'))).toBeCloseTo(full / 1.25);
    fireEvent.click(fit);
    expect(fit.getAttribute('aria-pressed')).toBe('true');
    expect(chart().getAttribute('width')).toBe('100%');
  });

  it('follows live records: the new state is lit, the transition that led there highlighted', async () => {
    const host = mockHost(inspectorMethods({ claude: startRecords() }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('img', { name: 'Statechart agentLifecycle, in state ready.running' });

    const record = recorder(6);
    host.inspect({
      agent: 'claude',
      records: [
        record('lifecycle', 'event', 'agent.use'),
        record('lifecycle', 'snapshot', 'agent.use', {
          value: { busy: 'running' },
          context: { users: 1 },
          status: 'active',
        }),
      ],
    });
    await waitFor(() =>
      expect(lit()).toEqual(['agentLifecycle.busy', 'agentLifecycle.busy.running']),
    );
    expect(taken()).toEqual(['agentLifecycle.ready.running|agent.use|0']);
    expect(screen.getByRole('button', { name: /Lifecycle/ }).textContent).toBe(
      'Lifecyclebusy.running',
    );

    host.inspect({
      agent: 'claude',
      records: [
        record('lifecycle', 'snapshot', 'agent.stop', {
          value: { busy: { stopping: 'closingStdin' } },
          status: 'active',
        }),
      ],
    });
    await waitFor(() =>
      expect(lit()).toEqual([
        'agentLifecycle.busy',
        'agentLifecycle.busy.stopping',
        'agentLifecycle.busy.stopping.closingStdin',
      ]),
    );
  });
});
