import { describe, expect, it } from 'vitest';
import { agentLifecycleMachine } from '../../machines/agentLifecycleMachine.ts';
import { topLevelTransitions } from '../../machines/topLevelTransitions.ts';
import { agentLifecycle } from '../../statecharts/agentLifecycle.ts';
import { agentStates } from '../../schema/agents.ts';

const key = (row: { from: string; event: string; to: string }) =>
  `${row.from} --${row.event}--> ${row.to}`;

const tableRows = agentLifecycle.transitions.flatMap((row) =>
  row.from.flatMap((from) => row.machineEvents.map((event) => key({ from, event, to: row.to }))),
);

describe('the agent lifecycle machine mirrors the reference table', () => {
  const machineRows = topLevelTransitions(agentLifecycleMachine).map(key);

  it('has no transition that the table lacks', () => {
    expect(machineRows.filter((row) => !tableRows.includes(row))).toEqual([]);
  });

  it('has every transition of the table', () => {
    expect(tableRows.filter((row) => !machineRows.includes(row))).toEqual([]);
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
    const lacking = tableRows.filter((row) => !row.includes('agent.evict'));
    expect(machineRows.filter((row) => !lacking.includes(row))).toEqual([
      'ready --agent.evict--> stopped',
    ]);
  });
});
