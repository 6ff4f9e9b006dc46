import {
  and,
  not,
  or,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';

/** A state of the machine, as the inspector draws it. */
export interface GraphNode {
  /** The XState state node id, e.g. `agentLifecycle.ready.running`. */
  id: string;
  key: string;
  /** The parent's id; `undefined` for a top-level state (the root is not a node). */
  parent: string | undefined;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The initial child of its parent (or the root's initial). */
  initial: boolean;
  /** 1 for a top-level state, 2 for its children, … (the length of its path). */
  depth: number;
}

/** One transition: one candidate of one event of one state, in XState's order. */
export interface GraphEdge {
  /** Unique in the graph: `<source>|<event>|<index among the candidates of that event>`. */
  id: string;
  /** The state node id; the machine's id for a transition of the root (a machine-wide `on`). */
  source: string;
  /** The target ids; empty for a targetless (internal) transition. */
  targets: string[];
  /** The event type, e.g. `agent.start`; `xstate.after.<delay>.<id>` for a delay; `''` for `always`. */
  event: string;
  /** The event type, `after 5000 ms` / `after <delay name>` for a delay, `always` for eventless. */
  label: string;
  /** The guard's name, or its best text (`stateIn(…)`, `not(…)`, `and(…)`, `or(…)`, `inline`). */
  guard: string | undefined;
}

/** The states and transitions of a machine; JSON as it is. */
export interface StatechartGraph {
  /** The machine's id. */
  id: string;
  /** Every state node except the root: parents before children, in document order. */
  nodes: GraphNode[];
  edges: GraphEdge[];
}

// The built-in higher-order guards, told apart by their `check` (their names do not survive minification).
const checkOf = (guard: unknown): unknown => (guard as { check?: unknown }).check;
const combinators = new Map<unknown, string>([
  [checkOf(not('_')), 'not'],
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
]);

/** The text of a guard, as written in the machine: a name, or a built-in guard around names. */
function guardText(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object') {
    const type = (guard as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'inline';
  }
  if (typeof guard !== 'function') return 'inline';
  const builtin = guard as { stateValue?: unknown; guards?: unknown[] };
  const { stateValue } = builtin;
  if (stateValue !== undefined) {
    return `stateIn(${typeof stateValue === 'string' ? stateValue : JSON.stringify(stateValue)})`;
  }
  const combinator = combinators.get(checkOf(guard));
  if (combinator && Array.isArray(builtin.guards)) {
    return `${combinator}(${builtin.guards.map((inner) => guardText(inner) ?? 'inline').join(', ')})`;
  }
  // An arrow written as `guard: (…) => …` is named after the property: no better than `inline`.
  return guard.name && guard.name !== 'guard' ? guard.name : 'inline';
}

function edgesOf(node: AnyStateNode): GraphEdge[] {
  const delays = new Map<AnyTransitionDefinition, unknown>(
    node.after.map((transition) => [transition, transition.delay]),
  );
  const groups: [string, AnyTransitionDefinition[]][] = [...node.transitions];
  if (node.always) groups.push(['', node.always]);
  return groups.flatMap(([event, candidates]) =>
    candidates.map((transition, index): GraphEdge => {
      const delay = delays.get(transition);
      return {
        id: `${node.id}|${event}|${index}`,
        source: node.id,
        targets: (transition.target ?? []).map((target) => target.id),
        event,
        label:
          event === ''
            ? 'always'
            : typeof delay === 'number'
              ? `after ${delay} ms`
              : typeof delay === 'string'
                ? `after ${delay}`
                : event,
        guard: guardText(transition.guard),
      };
    }),
  );
}

/**
 * The graph of a machine's definition: its states (without the root) and every transition of
 * every state node, the root's included — events, delays (`after`) and eventless (`always`).
 *
 * @example
 * const graph = statechartGraph(agentLifecycleMachine);
 * activeNodeIds(graph, { ready: 'running' }); // agentLifecycle.ready, agentLifecycle.ready.running
 */
export function statechartGraph(machine: AnyStateMachine): StatechartGraph {
  const nodes: GraphNode[] = [];
  const edges = edgesOf(machine.root);
  const visit = (parent: AnyStateNode) => {
    const initial = parent.initial.target;
    for (const node of Object.values(parent.states)) {
      nodes.push({
        id: node.id,
        key: node.key,
        parent: parent === machine.root ? undefined : parent.id,
        type: node.type,
        initial: initial.includes(node),
        depth: node.path.length,
      });
      edges.push(...edgesOf(node));
      visit(node);
    }
  };
  visit(machine.root);
  return { id: machine.id, nodes, edges };
}

/** Where a state value names a state: the child named at each level, down to the leaves. */
interface Active {
  node: GraphNode;
  children: Active[];
}

/** The states `value` names under `parent` (`undefined`: the root); unknown names are skipped. */
function activeTree(graph: StatechartGraph, value: unknown, parent?: string): Active[] {
  const named = (key: string, inner: unknown): Active[] => {
    const node = graph.nodes.find((n) => n.parent === parent && n.key === key);
    return node ? [{ node, children: activeTree(graph, inner, node.id) }] : [];
  };
  if (typeof value === 'string') return named(value, undefined);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => named(key, inner));
}

/** The ids of the nodes active in `value` (an XState state value: string or nested object), leaves and their ancestors. */
export function activeNodeIds(graph: StatechartGraph, value: string | object): Set<string> {
  const ids = new Set<string>();
  const collect = (active: Active[]) => {
    for (const { node, children } of active) {
      ids.add(node.id);
      collect(children);
    }
  };
  collect(activeTree(graph, value));
  return ids;
}

/** XState's event descriptors: the exact type, `*`, or a prefix `agent.*` (which matches `agent` too). */
function matches(descriptor: string, event: string): boolean {
  if (descriptor === event || descriptor === '*') return true;
  if (!descriptor.endsWith('.*')) return false;
  const prefix = descriptor.slice(0, -2);
  return event === prefix || event.startsWith(`${prefix}.`);
}

/**
 * The candidates of one state for `event`, in XState's order (the exact type, then wildcards,
 * longest first), up to the first without a guard: the ones after it are never taken.
 */
function candidates(graph: StatechartGraph, source: string, event: string) {
  const own = graph.edges.filter((edge) => edge.source === source);
  const exact = own.filter((edge) => edge.event === event);
  const wildcard = own
    .filter((edge) => edge.event !== '' && edge.event !== event && matches(edge.event, event))
    .sort((a, b) => b.event.length - a.event.length);
  const edges: GraphEdge[] = [];
  for (const edge of [...exact, ...wildcard]) {
    edges.push(edge);
    if (edge.guard === undefined) return { edges, settled: true };
  }
  return { edges, settled: false };
}

/**
 * The edges `event` (an event type) could have taken from the states active in `from`: for
 * highlighting the last transition.
 *
 * XState's selection, with guards undecided: the deepest states first (every region of a parallel
 * state), and a state's own transitions only when no state below it surely took one. Guarded
 * candidates are all kept, up to the first unguarded one. `''` gives the eventless (`always`) edges.
 *
 * @example
 * edgesTaken(graph, { ready: 'running' }, 'agent.stop'); // ready.running → ready.stopping
 */
export function edgesTaken(
  graph: StatechartGraph,
  from: string | object,
  event: string,
): GraphEdge[] {
  const reach = (source: string, active: Active[]): { edges: GraphEdge[]; settled: boolean } => {
    const inner = active.map((child) => reach(child.node.id, child.children));
    const edges = inner.flatMap((result) => result.edges);
    if (inner.some((result) => result.settled)) return { edges, settled: true };
    const own = candidates(graph, source, event);
    return { edges: [...edges, ...own.edges], settled: own.settled };
  };
  return reach(graph.id, activeTree(graph, from)).edges;
}
