import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { turnMachine, type TurnEvent } from '../../machines/turnMachine.ts';
import { conversationTurn } from '../../statecharts/conversationTurn.ts';
import { mismatches } from '../helpers/conformance.ts';

describe('the turn machine mirrors its table', () => {
  it('has every row of the table and no other transition', () => {
    expect(mismatches(conversationTurn, turnMachine)).toEqual({ notInTable: [], notInMachine: [] });
  });

  it('has exactly the states of the table', () => {
    expect(Object.keys(turnMachine.root.states).sort()).toEqual(
      conversationTurn.states.map((state) => state.name).sort(),
    );
    expect(turnMachine.root.initial.target[0]?.key).toBe(conversationTurn.initial);
  });
});

describe('a turn', () => {
  const run = (events: TurnEvent[]) => {
    const effects: string[] = [];
    const actor = createActor(
      turnMachine.provide({
        actions: {
          sendPrompt: () => effects.push('prompt'),
          sendCancel: () => effects.push('cancel'),
          cancelPermissions: () => effects.push('cancelPermissions'),
          askLogin: () => effects.push('askLogin'),
          forgetLogin: () => effects.push('forgetLogin'),
          reachAgent: () => effects.push('reachAgent'),
        },
      }),
    ).start();
    for (const event of events) actor.send(event);
    return { snapshot: actor.getSnapshot(), effects };
  };

  it('waits for its last permission, counts refusals, and ends with the stop reason', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.permissionAnswered', rejected: true },
      { type: 'turn.permissionAnswered', rejected: false },
      { type: 'turn.promptEnded', stopReason: 'end_turn' },
    ]);
    expect(snapshot.value).toBe('ended');
    expect(snapshot.context).toEqual({
      pendingPermissions: 0,
      rejections: 1,
      stopReason: 'end_turn',
      error: null,
    });
    expect(effects).toEqual(['prompt']);
  });

  it('stays awaiting while a permission is pending', () => {
    const { snapshot } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.permissionAnswered', rejected: false },
    ]);
    expect(snapshot.value).toBe('awaitingPermission');
  });

  it('cancels a pending permission and the prompt, then ends cancelled', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.cancel' },
      { type: 'turn.promptEnded', stopReason: 'cancelled' },
    ]);
    expect(snapshot.value).toBe('ended');
    expect(snapshot.context.stopReason).toBe('cancelled');
    expect(effects).toEqual(['prompt', 'cancelPermissions', 'cancel']);
  });

  it('drops a queued message on Cancel with error “cancelled”', () => {
    const { snapshot, effects } = run([{ type: 'turn.cancel' }]);
    expect(snapshot.value).toBe('dropped');
    expect(snapshot.context.error).toBe('cancelled');
    expect(effects).toEqual([]);
  });

  it('fails with the agent’s own explanation', () => {
    const { snapshot } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.promptFailed', error: 'rate limited, try later' },
    ]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe('rate limited, try later');
  });

  it('waits for a login refused at the session, then reaches the agent again and prompts', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.loginRequired', error: 'Authentication required' },
      // The agent may go while the user logs in (a new env restarts it): the turn still waits.
      { type: 'turn.agentExited', error: 'stopped' },
      { type: 'turn.loggedIn' },
      { type: 'turn.agentReady' },
      { type: 'turn.promptEnded', stopReason: 'end_turn' },
    ]);
    expect(snapshot.value).toBe('ended');
    expect(effects).toEqual(['askLogin', 'forgetLogin', 'reachAgent', 'prompt']);
  });

  it('asks for a login refused at the prompt, its pending permissions answered “cancelled”', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.permissionRequested' },
      { type: 'turn.loginRequired', error: 'Authentication required' },
    ]);
    expect(snapshot.value).toBe('awaitingLogin');
    expect(snapshot.context.pendingPermissions).toBe(0);
    expect(effects).toEqual(['prompt', 'cancelPermissions', 'askLogin']);
  });

  it('is dropped by Cancel while it waits for a login, and the login is no longer asked', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.loginRequired', error: 'Authentication required' },
      { type: 'turn.cancel' },
    ]);
    expect(snapshot.value).toBe('dropped');
    expect(snapshot.context.error).toBe('cancelled');
    expect(effects).toEqual(['askLogin', 'forgetLogin']);
  });

  it('fails when the agent asks for a login after Cancel', () => {
    const { snapshot, effects } = run([
      { type: 'turn.begin' },
      { type: 'turn.agentReady' },
      { type: 'turn.cancel' },
      { type: 'turn.loginRequired', error: 'Authentication required' },
    ]);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe('Authentication required');
    expect(effects).toEqual(['prompt', 'cancel']);
  });
});
