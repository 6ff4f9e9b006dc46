// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockHost, renderWithHost, useMockHost } from '../helpers/mockHost.tsx';
import { textPieces } from '../helpers/textPieces.ts';
import { inspector, inspectorMethods, recorder, startRecords } from './fixtures.tsx';

useMockHost();

const chart = () => screen.getByRole('img', { name: /^Statechart/ });
const lit = () =>
  [...chart().querySelectorAll('[data-active="true"]')].map((node) =>
    node.getAttribute('data-node-id'),
  );
const log = () => screen.getByRole('listbox', { name: 'Records, newest first' });
const entries = () =>
  within(log())
    .getAllByRole('option')
    .map((entry) => entry.querySelector('code')?.textContent);
/** How many records the log shows, of how many. */
const count = () => document.querySelector('.inspector-log-count')?.textContent;
/** Above the chart: live, or the record it is drawn at and the way back to live. */
const travel = () =>
  textPieces(document.querySelector('.inspector-live, .inspector-travel')!).join(' ');

/** The start of an agent, then a turn. */
function records() {
  const record = recorder(6);
  return [
    ...startRecords(),
    record('turn:m1', 'actor', 'xstate.init'),
    record('turn:m1', 'snapshot', 'xstate.init', { value: 'queued', status: 'active' }),
    record('turn:m1', 'event', 'turn.begin'),
    record('turn:m1', 'snapshot', 'turn.begin', { value: 'waitingForAgent', status: 'active' }),
  ];
}

async function open() {
  const host = mockHost(inspectorMethods({ claude: records() }));
  renderWithHost(inspector('claude'));
  await screen.findByRole('img', { name: 'Statechart agentLifecycle, in state ready.running' });
  return host;
}

describe('the event log', () => {
  it('lists every record, newest first, with its time, actor, kind and event', async () => {
    await open();
    expect(entries()).toEqual([
      'turn.begin',
      'turn.begin',
      'xstate.init',
      'xstate.init',
      'agent.handshakeSucceeded',
      'agent.handshakeSucceeded',
      'agent.start',
      'agent.start',
      'inspector.watch',
    ]);
    const newest = within(log()).getAllByRole('option')[0]!;
    expect(newest.querySelector('time')?.getAttribute('dateTime')).toBe('2025-05-01T10:00:09.000Z');
    expect(newest.querySelector('.inspector-entry-kind')?.textContent).toBe('snapshot');
    expect(newest.querySelector('.inspector-entry-actor')?.textContent).toBe('Turn m1');
    expect(count()).toBe('9 of 9');
  });

  it('travels back to a selected record: its state lit, its snapshot shown, until back to live', async () => {
    const host = await open();
    const starting = within(log())
      .getAllByRole('option')
      .find((entry) => entry.getAttribute('data-seq') === '3')!;
    fireEvent.click(starting);
    expect(starting.getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(lit()).toEqual([
        'agentLifecycle.starting',
        'agentLifecycle.starting.handshake',
        'agentLifecycle.starting.handshake.pending',
      ]),
    );
    expect(travel()).toMatch(/^As it was at record #3, .* Back to live$/);
    const details = screen.getByRole('region', { name: 'The selected record' });
    expect(JSON.parse(details.querySelector('pre')!.textContent)).toEqual({
      value: { starting: { handshake: 'pending' } },
      status: 'active',
      context: { users: 0, outdated: false, failure: null, exit: null },
    });

    // Live records still come, the chart stays where it was sent.
    const record = recorder(10);
    host.inspect({
      agent: 'claude',
      records: [record('lifecycle', 'snapshot', 'agent.use', { value: { busy: 'running' } })],
    });
    await waitFor(() => expect(count()).toBe('10 of 10'));
    expect(lit()).toContain('agentLifecycle.starting.handshake.pending');

    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    await waitFor(() =>
      expect(lit()).toEqual(['agentLifecycle.busy', 'agentLifecycle.busy.running']),
    );
    expect(travel()).toBe('Live');
  });

  it('an event record shows its payload and the state the actor was in when it came', async () => {
    const record = recorder(1);
    const withPayload = [
      record('lifecycle', 'actor', 'inspector.watch', { value: { ready: 'running' } }),
      record('lifecycle', 'event', 'agent.exited', { payload: { code: 1, signal: null } }),
      record('lifecycle', 'snapshot', 'agent.exited', { value: 'error', status: 'active' }),
    ];
    mockHost(inspectorMethods({ claude: withPayload }));
    renderWithHost(inspector('claude'));
    await screen.findByRole('img', { name: 'Statechart agentLifecycle, in state error' });
    fireEvent.click(within(log()).getAllByRole('option')[1]!);
    const details = screen.getByRole('region', { name: 'The selected record' });
    expect(
      within(details)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Event payload', 'Snapshot at that point']);
    const [payload, snapshot] = details.querySelectorAll('pre');
    expect(JSON.parse(payload!.textContent)).toEqual({ code: 1, signal: null });
    expect(JSON.parse(snapshot!.textContent)).toMatchObject({ value: { ready: 'running' } });
    await waitFor(() => expect(lit()).toContain('agentLifecycle.ready.running'));
  });

  it('selecting a record of another actor draws that actor as it was', async () => {
    await open();
    const queued = within(log())
      .getAllByRole('option')
      .find((entry) => entry.getAttribute('data-seq') === '7')!;
    fireEvent.click(queued);
    await screen.findByRole('img', { name: 'Statechart turn, in state queued' });
    expect(lit()).toEqual(['turn.queued']);
    expect(screen.getByRole('button', { name: /Turn m1/ }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('moves through the records with the arrow keys, lighting each state in turn', async () => {
    await open();
    const list = log();
    const options = within(list).getAllByRole('option');
    // One tab stop: the first record until one is selected.
    expect(options.filter((option) => option.tabIndex === 0)).toEqual([options[0]]);
    fireEvent.click(options.find((option) => option.getAttribute('data-seq') === '1')!);
    await waitFor(() => expect(lit()).toEqual(['agentLifecycle.stopped']));
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    await waitFor(() => expect(lit()).toContain('agentLifecycle.starting.handshake.pending'));
    const selected = within(list).getByRole('option', { selected: true });
    expect(selected.getAttribute('data-seq')).toBe('3');
    expect(document.activeElement).toBe(selected);
    fireEvent.keyDown(list, { key: 'End' });
    expect(within(list).getByRole('option', { selected: true }).getAttribute('data-seq')).toBe('1');
  });

  it('filters by actor, by kind and by event type', async () => {
    await open();
    fireEvent.change(screen.getByRole('combobox', { name: 'Actor' }), {
      target: { value: 'turn:m1' },
    });
    expect(entries()).toEqual(['turn.begin', 'turn.begin', 'xstate.init', 'xstate.init']);
    expect(count()).toBe('4 of 9');

    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), {
      target: { value: 'snapshot' },
    });
    expect(entries()).toEqual(['turn.begin', 'xstate.init']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Actor' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Event type' }), {
      target: { value: 'AGENT.' },
    });
    expect(entries()).toEqual(['agent.handshakeSucceeded', 'agent.start']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Event type' }), {
      target: { value: 'nothing like it' },
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.querySelector('.inspector-log .inspector-placeholder')?.textContent).toBe(
      'No record matches these filters.',
    );
  });
});
