import { matchesState, type AnyStateMachine, type AnyStateNode, type StateValue } from 'xstate';

/** A transition between top-level states, as a reference table writes it. */
export interface TopLevelTransition {
  from: string;
  event: string;
  to: string;
}

/** `xstate.after.<delay>.<state id>` → `after:<delay>`; other event types are kept. */
export function eventName(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  return after ? `after:${after[1]}` : eventType;
}

const topLevelOf = (node: AnyStateNode): AnyStateNode => {
  let current = node;
  while (current.parent?.parent) current = current.parent;
  return current;
};

const isWithin = (node: AnyStateNode, ancestor: AnyStateNode): boolean => {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
};

/** The leaf a state settles in when entered: its initial children, all the way down. */
const settledLeaf = (node: AnyStateNode): AnyStateNode => {
  let current = node;
  while (current.type === 'compound') current = current.initial.target[0] as AnyStateNode;
  return current;
};

/** The state value of a leaf, e.g. `{ starting: { handshake: 'pending' } }`. */
const leafValue = (leaf: AnyStateNode): StateValue => {
  const [last, ...outer] = [...leaf.path].reverse();
  return outer.reduce<StateValue>((inner, key) => ({ [key]: inner }), last ?? '');
};

/**
 * Whether a guard holds in `leaf`: `true` or `false` for a `stateIn` guard, which the
 * configuration decides; `undefined` for a guard on context or event, which could go either way.
 */
const guardIn = (machine: AnyStateMachine, guard: unknown, leaf: AnyStateNode) => {
  if (guard === undefined) return true;
  const implementation: unknown =
    typeof guard === 'string'
      ? (machine.implementations.guards as Record<string, unknown>)[guard]
      : guard;
  const stateValue = (implementation as { stateValue?: StateValue } | undefined)?.stateValue;
  return stateValue === undefined ? undefined : matchesState(stateValue, leafValue(leaf));
};

/** Every transition that can be taken in `leaf`, by XState's rules: the deepest state first, then the first enabled branch. */
const transitionsIn = (machine: AnyStateMachine, leaf: AnyStateNode) => {
  const found: { eventType: string; target: AnyStateNode | undefined }[] = [];
  const settled = new Set<string>();
  for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
    for (const [eventType, candidates] of node.transitions) {
      if (settled.has(eventType)) continue;
      for (const candidate of candidates) {
        const holds = guardIn(machine, candidate.guard, leaf);
        if (holds === false) continue;
        found.push({ eventType, target: candidate.target?.[0] as AnyStateNode | undefined });
        if (holds) {
          settled.add(eventType);
          break;
        }
      }
    }
  }
  return found;
};

/**
 * The machine's transitions between top-level states, the way a reference table reads them.
 *
 * A row "from S, on E, to T" holds when E, taken in the leaf S settles in, leads to T — either
 * at once, or through sub-states of S only (a stop sequence, a pending request) whatever events
 * come next. Targetless transitions (counters, flags) change no state and are not rows. Guards
 * on the configuration (`stateIn`) are decided; guards on context count both ways.
 */
export function topLevelTransitions(machine: AnyStateMachine): TopLevelTransition[] {
  const rows = new Map<string, TopLevelTransition>();
  for (const top of Object.values(machine.root.states)) {
    for (const first of transitionsIn(machine, settledLeaf(top))) {
      if (!first.target) continue;
      const event = eventName(first.eventType);
      const pending = [first.target];
      const seen = new Set<AnyStateNode>();
      while (pending.length > 0) {
        const target = pending.pop()!;
        if (!isWithin(target, top)) {
          const row = { from: top.key, event, to: topLevelOf(target).key };
          rows.set(`${row.from} ${row.event} ${row.to}`, row);
          continue;
        }
        const leaf = settledLeaf(target);
        if (seen.has(leaf)) continue;
        seen.add(leaf);
        for (const next of transitionsIn(machine, leaf)) if (next.target) pending.push(next.target);
      }
    }
  }
  return [...rows.values()];
}
