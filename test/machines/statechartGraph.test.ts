import { describe, expect, it } from 'vitest';
import {
  and,
  createActor,
  not,
  or,
  setup,
  SimulatedClock,
  stateIn,
  type AnyStateMachine,
  type AnyStateNode,
  type StateValue,
} from 'xstate';
import { acpSessionMachine } from '../../machines/acpSessionMachine.ts';
import { agentLifecycleMachine } from '../../machines/agentLifecycleMachine.ts';
import { backoffMs, connectionMachine } from '../../machines/connectionMachine.ts';
import {
  activeNodeIds,
  edgesTaken,
  statechartGraph,
  type GraphEdge,
} from '../../machines/statechartGraph.ts';
import { turnMachine } from '../../machines/turnMachine.ts';

const machines: [string, AnyStateMachine][] = [
  ['agentLifecycleMachine', agentLifecycleMachine],
  ['turnMachine', turnMachine],
  ['acpSessionMachine', acpSessionMachine],
  ['connectionMachine', connectionMachine],
];

/** The state nodes under `node`, `node` included, by a walk of `.states`. */
const walk = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(walk),
];

/** The state value down to `node`, e.g. `{ ready: 'running' }`. */
const valueOf = (node: AnyStateNode): StateValue => {
  const [last, ...outer] = [...node.path].reverse();
  return outer.reduce<StateValue>((inner, key) => ({ [key]: inner }), last ?? '');
};

const shape = ({ source, targets, event, guard }: GraphEdge) => ({ source, targets, event, guard });
const byText = <T>(items: T[]) =>
  items.map((item) => JSON.stringify(item)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe.each(machines)('the graph of %s', (_, machine) => {
  const graph = statechartGraph(machine);
  const states = walk(machine.root).filter((node) => node !== machine.root);

  it('has every state node, with its parent, initial flag and depth, parents first', () => {
    expect(graph.id).toBe(machine.id);
    expect(graph.nodes.map((node) => node.id).sort()).toEqual(states.map((node) => node.id).sort());
    for (const state of states) {
      const parent = state.parent!;
      expect(graph.nodes.find((node) => node.id === state.id)).toEqual({
        id: state.id,
        key: state.key,
        parent: parent === machine.root ? undefined : parent.id,
        type: state.type,
        initial: parent.config.initial === state.key,
        depth: state.path.length,
      });
    }
    const seen = new Set<string>();
    for (const node of graph.nodes) {
      if (node.parent !== undefined) expect(seen).toContain(node.parent);
      seen.add(node.id);
    }
  });

  it('has every transition of every state node as an edge, and nothing else', () => {
    const expected = walk(machine.root).flatMap((node) =>
      [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((transition) => {
        const guard: unknown = transition.guard;
        expect(['string', 'undefined']).toContain(typeof guard);
        return {
          source: node.id,
          targets: (transition.target ?? []).map((target) => target.id),
          event: transition.eventType as string,
          guard: guard as string | undefined,
        };
      }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(byText(graph.edges.map(shape))).toEqual(byText(expected));
  });

  it('gives nodes and edges unique ids', () => {
    expect(new Set(graph.nodes.map((node) => node.id)).size).toBe(graph.nodes.length);
    expect(new Set(graph.edges.map((edge) => edge.id)).size).toBe(graph.edges.length);
  });

  it('labels delays by their name and events by their type', () => {
    for (const edge of graph.edges) {
      const delay = /^xstate\.after\.([^.]+)\./.exec(edge.event)?.[1];
      expect(edge.label).toBe(delay ? `after ${delay}` : edge.event);
    }
  });

  it('finds the active nodes of every leaf as XState matches them', () => {
    const context: unknown = createActor(machine, { input: { timings: {} } }).getSnapshot().context;
    for (const leaf of states.filter((node) => node.type === 'atomic' || node.type === 'final')) {
      const value = valueOf(leaf);
      const snapshot = machine.resolveState({ value, context });
      const active = activeNodeIds(graph, value);
      for (const state of states) {
        expect(active.has(state.id), `${state.id} in ${JSON.stringify(value)}`).toBe(
          snapshot.matches(valueOf(state)),
        );
      }
    }
  });
});

describe('active nodes and taken edges on real values', () => {
  const lifecycle = statechartGraph(agentLifecycleMachine);
  const turn = statechartGraph(turnMachine);
  const connection = statechartGraph(connectionMachine);
  const session = statechartGraph(acpSessionMachine);
  const taken = (edges: GraphEdge[]) =>
    edges.map(({ source, targets, guard }) => ({ source, targets, guard }));

  it('names a leaf and its ancestors', () => {
    expect(activeNodeIds(lifecycle, 'stopped')).toEqual(new Set(['agentLifecycle.stopped']));
    expect(activeNodeIds(lifecycle, { ready: 'running' })).toEqual(
      new Set(['agentLifecycle.ready', 'agentLifecycle.ready.running']),
    );
    expect(activeNodeIds(lifecycle, { starting: { handshake: 'pending' } })).toEqual(
      new Set([
        'agentLifecycle.starting',
        'agentLifecycle.starting.handshake',
        'agentLifecycle.starting.handshake.pending',
      ]),
    );
    expect(activeNodeIds(turn, 'ended')).toEqual(new Set(['turn.ended']));
    expect(activeNodeIds(lifecycle, 'nowhere')).toEqual(new Set());
  });

  it('takes the deepest state’s transition', () => {
    expect(taken(edgesTaken(lifecycle, { ready: 'running' }, 'agent.stop'))).toEqual([
      {
        source: 'agentLifecycle.ready.running',
        targets: ['agentLifecycle.ready.stopping'],
        guard: undefined,
      },
    ]);
    // The stop sequence's own exit, not the running state's crash.
    expect(
      taken(edgesTaken(lifecycle, { ready: { stopping: 'terminating' } }, 'agent.exited')),
    ).toEqual([
      {
        source: 'agentLifecycle.ready.stopping',
        targets: ['agentLifecycle.stopped'],
        guard: undefined,
      },
    ]);
    expect(edgesTaken(lifecycle, 'stopped', 'agent.stop')).toEqual([]);
  });

  it('falls back on an ancestor’s transition, targetless ones included', () => {
    expect(taken(edgesTaken(lifecycle, { ready: 'running' }, 'agent.definitionChanged'))).toEqual([
      { source: 'agentLifecycle.ready', targets: [], guard: undefined },
    ]);
  });

  it('keeps every guarded candidate, up to the first unguarded one', () => {
    expect(taken(edgesTaken(lifecycle, { busy: 'running' }, 'agent.release'))).toEqual([
      {
        source: 'agentLifecycle.busy.running',
        targets: ['agentLifecycle.ready'],
        guard: 'isLastUser',
      },
      { source: 'agentLifecycle.busy.running', targets: [], guard: undefined },
    ]);
    expect(taken(edgesTaken(turn, 'awaitingPermission', 'turn.permissionAnswered'))).toEqual([
      { source: 'turn.awaitingPermission', targets: ['turn.prompting'], guard: 'isLastPermission' },
      { source: 'turn.awaitingPermission', targets: [], guard: undefined },
    ]);
    const timeout = 'xstate.after.handshakeTimeout.agentLifecycle.starting.handshake';
    expect(taken(edgesTaken(lifecycle, { starting: { handshake: 'pending' } }, timeout))).toEqual([
      {
        source: 'agentLifecycle.starting.handshake',
        targets: ['agentLifecycle.starting.stopping'],
        guard: 'stopRequested',
      },
      {
        source: 'agentLifecycle.starting.handshake',
        targets: ['agentLifecycle.starting.failing'],
        guard: undefined,
      },
    ]);
  });

  it('resolves `#id` targets and draws nested states under their parent', () => {
    expect(
      session.nodes
        .filter((node) => node.parent === 'acpSession.opening')
        .map(({ key, initial, depth }) => `${key} ${initial} ${depth}`),
    ).toEqual(['new true 2', 'load false 2', 'resume false 2']);
    expect(taken(edgesTaken(session, { opening: 'load' }, 'session.opened'))).toEqual([
      { source: 'acpSession.opening.load', targets: ['acpSession.open'], guard: undefined },
    ]);
    expect(taken(edgesTaken(session, { opening: 'resume' }, 'session.failed'))).toEqual([
      { source: 'acpSession.opening.resume', targets: ['acpSession.lost'], guard: 'needsLogin' },
      {
        source: 'acpSession.opening.resume',
        targets: ['acpSession.opening.load'],
        guard: 'canLoadAfterResume',
      },
      {
        source: 'acpSession.opening.resume',
        targets: ['acpSession.opening.new'],
        guard: undefined,
      },
    ]);
    // A sub-state without its own `session.agentGone` takes its parent's.
    expect(taken(edgesTaken(session, { opening: 'new' }, 'session.agentGone'))).toEqual([
      { source: 'acpSession.opening', targets: ['acpSession.lost'], guard: 'wasLost' },
      { source: 'acpSession.opening', targets: ['acpSession.none'], guard: undefined },
    ]);
    expect(taken(edgesTaken(session, 'lost', 'session.open')).map((edge) => edge.targets)).toEqual([
      ['acpSession.opening.resume'],
      ['acpSession.opening.load'],
      ['acpSession.opening.new'],
    ]);
  });

  it('finds a delay by the event type XState raises for it', () => {
    const clock = new SimulatedClock();
    const events: string[] = [];
    const actor = createActor(connectionMachine, {
      clock,
      inspect: (record) => {
        if (record.type === '@xstate.event') events.push(record.event.type);
      },
    });
    actor.start();
    actor.send({ type: 'socket.closed', unauthorized: false });
    const from = actor.getSnapshot().value;
    clock.increment(backoffMs(1));
    expect(actor.getSnapshot().value).toBe('connecting');
    const delayed = events.find((type) => type.startsWith('xstate.after.'))!;
    const [edge, ...others] = edgesTaken(connection, from, delayed);
    expect(others).toEqual([]);
    expect(edge).toMatchObject({
      source: 'connection.offline',
      targets: ['connection.connecting'],
      event: delayed,
      label: 'after backoff',
    });
  });
});

describe('any machine', () => {
  const demo = setup({
    guards: { a: () => true, b: () => true, busy: () => false },
  }).createMachine({
    id: 'demo',
    initial: 'idle',
    on: { 'app.reset': { target: '.idle' } },
    states: {
      idle: {
        after: { 1000: { target: 'working' } },
        on: {
          'job.*': { target: 'working' },
          'job.start': { guard: not('busy'), target: 'working' },
        },
      },
      working: {
        type: 'parallel',
        on: { 'job.heat': { target: 'idle' } },
        states: {
          io: {
            initial: 'reading',
            states: {
              reading: {
                on: { '*': { guard: and(['a', or(['b', stateIn({ working: { cpu: 'hot' } })])]) } },
              },
              writing: {},
            },
          },
          cpu: {
            initial: 'cold',
            states: {
              cold: { on: { 'job.heat': { target: 'hot' } } },
              hot: { always: { guard: () => true, target: '#demo.done' } },
            },
          },
        },
      },
      done: { type: 'final' },
      past: { type: 'history' },
    },
  });
  const graph = statechartGraph(demo);
  const edge = (id: string) => graph.edges.find((candidate) => candidate.id === id);
  const ids = (edges: GraphEdge[]) => edges.map((taken) => taken.id);

  it('draws types, parallel regions, the root’s transitions, delays in ms, eventless transitions and built-in guards', () => {
    expect(
      graph.nodes.map(({ id, type, initial, depth }) => `${id} ${type} ${initial} ${depth}`),
    ).toEqual([
      'demo.idle atomic true 1',
      'demo.working parallel false 1',
      'demo.working.io compound false 2',
      'demo.working.io.reading atomic true 3',
      'demo.working.io.writing atomic false 3',
      'demo.working.cpu compound false 2',
      'demo.working.cpu.cold atomic true 3',
      'demo.working.cpu.hot atomic false 3',
      'demo.done final false 1',
      'demo.past history false 1',
    ]);
    expect(edge('demo|app.reset|0')).toEqual({
      id: 'demo|app.reset|0',
      source: 'demo',
      targets: ['demo.idle'],
      event: 'app.reset',
      label: 'app.reset',
      guard: undefined,
    });
    expect(edge('demo.idle|xstate.after.1000.demo.idle|0')?.label).toBe('after 1000 ms');
    expect(edge('demo.idle|job.start|0')?.guard).toBe('not(busy)');
    expect(edge('demo.working.io.reading|*|0')).toMatchObject({
      targets: [],
      guard: 'and(a, or(b, stateIn({"working":{"cpu":"hot"}})))',
    });
    expect(edge('demo.working.cpu.hot||0')).toMatchObject({
      targets: ['demo.done'],
      event: '',
      label: 'always',
      guard: 'inline',
    });
  });

  it('matches wildcards after the exact type, and parallel regions before their parent', () => {
    expect(ids(edgesTaken(graph, 'idle', 'job.start'))).toEqual([
      'demo.idle|job.start|0',
      'demo.idle|job.*|0',
    ]);
    expect(ids(edgesTaken(graph, 'idle', 'job.stop'))).toEqual(['demo.idle|job.*|0']);
    expect(ids(edgesTaken(graph, 'idle', 'app.reset'))).toEqual(['demo|app.reset|0']);
    const cold = { working: { io: 'reading', cpu: 'cold' } };
    expect(activeNodeIds(graph, cold)).toEqual(
      new Set([
        'demo.working',
        'demo.working.io',
        'demo.working.io.reading',
        'demo.working.cpu',
        'demo.working.cpu.cold',
      ]),
    );
    expect(ids(edgesTaken(graph, cold, 'job.heat'))).toEqual([
      'demo.working.io.reading|*|0',
      'demo.working.cpu.cold|job.heat|0',
    ]);
    const hot = { working: { io: 'writing', cpu: 'hot' } };
    expect(ids(edgesTaken(graph, hot, 'job.heat'))).toEqual(['demo.working|job.heat|0']);
    expect(ids(edgesTaken(graph, hot, ''))).toEqual(['demo.working.cpu.hot||0']);
  });
});
