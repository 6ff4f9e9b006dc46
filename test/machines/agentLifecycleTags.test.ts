import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { agentLifecycleMachine } from '../../machines/agentLifecycleMachine.ts';
import { agentStates } from '../../schema/agents.ts';

/** Every leaf state of the machine, with the tags it and its ancestors carry. */
function leaves(node: AnyStateNode, inherited: readonly string[] = []): [string[], string[]][] {
  const tags = [...inherited, ...node.tags];
  const children = Object.values(node.states);
  if (children.length === 0) return [[node.path, [...new Set(tags)].sort()]];
  return children.flatMap((child) => leaves(child, tags));
}

/** The substates where the process is on its way out (REFERENCE.md's stop sequence). */
const wayOut = ['stopRequested', 'stopping', 'failing'];

describe('the tags of the agent lifecycle', () => {
  it('name the wire state of each leaf, whether it holds a place, and whether it is stopping', () => {
    const all = leaves(agentLifecycleMachine.root);
    expect(all.length).toBeGreaterThan(agentStates.length);
    for (const [path, tags] of all) {
      const [top] = path;
      const expected = [
        top!,
        ...(top === 'starting' || top === 'ready' || top === 'busy' ? ['holdsPlace'] : []),
        ...(path.some((key) => wayOut.includes(key)) ? ['stopping'] : []),
      ].sort();
      expect(tags, path.join('.')).toEqual(expected);
    }
  });
});
