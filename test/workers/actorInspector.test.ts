import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { turnMachine } from '../../machines/turnMachine.ts';
import type { WorkerInspectionRecord } from '../../schema/inspector.ts';
import { ActorInspector } from '../../workers/ActorInspector.ts';

function inspected() {
  const sent: WorkerInspectionRecord[][] = [];
  const tasks: (() => void)[] = [];
  const inspector = new ActorInspector(
    (records) => sent.push(records),
    (task) => tasks.push(task),
  );
  const actor = createActor(turnMachine);
  inspector.attach(actor, 'turn:1', 'conversation-turn');
  actor.start();
  const flush = () => {
    for (const task of tasks.splice(0)) task();
  };
  return { inspector, actor, sent, tasks, flush };
}

describe('the inspection of a worker’s actors', () => {
  it('costs nothing while nobody watches: no observer, nothing built, scheduled or sent', () => {
    const { actor, sent, tasks } = inspected();
    actor.send({ type: 'turn.begin' });
    actor.send({ type: 'turn.agentReady' });
    expect(tasks).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('follows a turn created while watching, from its start to its end', async () => {
    const sent: WorkerInspectionRecord[][] = [];
    const tasks: (() => void)[] = [];
    const inspector = new ActorInspector(
      (records) => sent.push(records),
      (task) => tasks.push(task),
    );
    inspector.watch(true);
    const actor = createActor(turnMachine);
    inspector.attach(actor, 'turn:2', 'conversation-turn');
    actor.start();
    actor.send({ type: 'turn.cancel' });
    await Promise.resolve();
    for (const task of tasks.splice(0)) task();
    expect(
      sent.flat().map(({ kind, event, value }) => `${kind} ${event} ${JSON.stringify(value)}`),
    ).toEqual([
      'event xstate.init undefined',
      'snapshot xstate.init "queued"',
      'event turn.cancel undefined',
      'snapshot turn.cancel "dropped"',
    ]);
  });

  it('reports where each actor is when watching starts, then every event and snapshot, batched', () => {
    const { inspector, actor, sent, flush } = inspected();
    inspector.watch(true);
    inspector.watch(true); // already watching: reported once
    actor.send({ type: 'turn.begin' });
    expect(sent).toEqual([]);
    flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map(({ kind, event, value }) => ({ kind, event, value }))).toEqual([
      { kind: 'actor', event: 'inspector.watch', value: 'queued' },
      { kind: 'event', event: 'turn.begin', value: undefined },
      { kind: 'snapshot', event: 'turn.begin', value: 'waitingForAgent' },
    ]);
    inspector.watch(false);
    actor.send({ type: 'turn.cancel' });
    flush();
    expect(sent).toHaveLength(1);
  });
});
