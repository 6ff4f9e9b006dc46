import { describe, expect, it } from 'vitest';
import { agentLifecycleMachine } from '../../machines/agentLifecycleMachine.ts';
import { agentLifecycle } from '../../statecharts/agentLifecycle.ts';
import { agentStates } from '../../schema/agents.ts';
import { machineRows, mismatches, tableRows } from '../helpers/conformance.ts';

describe('the agent lifecycle machine mirrors the reference table', () => {
  it('has every transition of the table, and none that the table lacks', () => {
    expect(mismatches(agentLifecycle, agentLifecycleMachine)).toEqual({
      notInTable: [],
      notInMachine: [],
    });
  });

  it('has exactly the five states of the table, the same initial state, and the wire’s names', () => {
    expect(Object.keys(agentLifecycleMachine.root.states).sort()).toEqual(
      agentLifecycle.states.map((state) => state.name).sort(),
    );
    expect(agentLifecycle.states.map((state) => state.name)).toEqual(agentStates);
    expect(agentLifecycleMachine.root.initial.target[0]?.key).toBe(agentLifecycle.initial);
  });

  it('fails when the machine and the table disagree', () => {
    // The comparison itself must be able to fail: drop a row and it is reported.
    const lacking = tableRows(agentLifecycle).filter((row) => !row.includes('agent.evict'));
    const actual = machineRows(agentLifecycleMachine);
    expect(actual.filter((row) => !lacking.includes(row))).toEqual([
      'ready --agent.evict--> stopped',
    ]);
  });
});
