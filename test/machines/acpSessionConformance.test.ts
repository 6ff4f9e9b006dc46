import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { acpSessionMachine, type AcpSessionEvent } from '../../machines/acpSessionMachine.ts';
import type { AcpSessionRecord } from '../../schema/worker.ts';
import { acpSession } from '../../statecharts/acpSession.ts';
import { mismatches } from '../helpers/conformance.ts';

describe('the ACP session machine mirrors its table', () => {
  it('has every row of the table and no other transition', () => {
    expect(mismatches(acpSession, acpSessionMachine)).toEqual({ notInTable: [], notInMachine: [] });
  });

  it('has exactly the states of the table', () => {
    expect(Object.keys(acpSessionMachine.root.states).sort()).toEqual(
      acpSession.states.map((state) => state.name).sort(),
    );
    expect(acpSessionMachine.root.initial.target[0]?.key).toBe(acpSession.initial);
  });
});

const first: AcpSessionRecord = { id: 's1', cwd: '/code/project' };
const second: AcpSessionRecord = { id: 's2', cwd: '/code/other' };

const open = (canResume: boolean, canLoad: boolean): AcpSessionEvent => ({
  type: 'session.open',
  canResume,
  canLoad,
});
const opened = (session: AcpSessionRecord): AcpSessionEvent => ({
  type: 'session.opened',
  session,
});
const failed: AcpSessionEvent = { type: 'session.failed', error: 'no such session' };
const gone: AcpSessionEvent = { type: 'session.agentGone' };

/** The requests and reports of the machine, in order, for `events`. */
const run = (events: AcpSessionEvent[]) => {
  const effects: unknown[] = [];
  const actor = createActor(
    acpSessionMachine.provide({
      actions: {
        requestNew: () => effects.push('new'),
        requestLoad: (_, session) => effects.push({ load: session.id, cwd: session.cwd }),
        requestResume: (_, session) => effects.push({ resume: session.id, cwd: session.cwd }),
        opened: (_, params) => effects.push({ opened: params.how, restarted: params.restarted }),
        openFailed: (_, params) => effects.push({ failed: params.error }),
      },
    }),
  ).start();
  for (const event of events) actor.send(event);
  return { snapshot: actor.getSnapshot(), effects };
};

/** A first session opened, then the agent's run ended. */
const lostFirst = [open(true, true), opened(first), gone];

describe('an ACP session', () => {
  it('is made anew the first time, whatever the agent advertises', () => {
    const { snapshot, effects } = run([open(true, true), opened(first)]);
    expect(snapshot.value).toBe('open');
    expect(snapshot.context.session).toEqual(first);
    expect(effects).toEqual(['new', { opened: 'new', restarted: false }]);
  });

  it('is resumed after the agent’s run, when the agent advertises it', () => {
    const { snapshot, effects } = run([...lostFirst, open(true, true), opened(first)]);
    expect(snapshot.value).toBe('open');
    expect(effects.slice(2)).toEqual([
      { resume: 's1', cwd: '/code/project' },
      { opened: 'resume', restarted: false },
    ]);
  });

  it('is loaded when the agent advertises only loadSession', () => {
    const { snapshot, effects } = run([...lostFirst, open(false, true), opened(first)]);
    expect(snapshot.value).toBe('open');
    expect(effects.slice(2)).toEqual([
      { load: 's1', cwd: '/code/project' },
      { opened: 'load', restarted: false },
    ]);
  });

  it('is made anew, restarted, when the agent advertises neither', () => {
    const { snapshot, effects } = run([...lostFirst, open(false, false), opened(second)]);
    expect(snapshot.value).toBe('open');
    expect(snapshot.context).toMatchObject({ session: second, lost: false });
    expect(effects.slice(2)).toEqual(['new', { opened: 'new', restarted: true }]);
  });

  it('falls back from a failed resume to a load, when the agent advertises it', () => {
    const { snapshot, effects } = run([...lostFirst, open(true, true), failed, opened(first)]);
    expect(snapshot.value).toBe('open');
    expect(effects.slice(2)).toEqual([
      { resume: 's1', cwd: '/code/project' },
      { load: 's1', cwd: '/code/project' },
      { opened: 'load', restarted: false },
    ]);
  });

  it('falls back from a failed resume to a new session, when the agent cannot load', () => {
    const { effects } = run([...lostFirst, open(true, false), failed, opened(second)]);
    expect(effects.slice(2)).toEqual([
      { resume: 's1', cwd: '/code/project' },
      'new',
      { opened: 'new', restarted: true },
    ]);
  });

  it('falls back from a failed load to a new session', () => {
    const { effects } = run([...lostFirst, open(false, true), failed, opened(second)]);
    expect(effects.slice(2)).toEqual([
      { load: 's1', cwd: '/code/project' },
      'new',
      { opened: 'new', restarted: true },
    ]);
  });

  it('reports a failed new session and goes back to lost, keeping the session to resume', () => {
    const { snapshot, effects } = run([...lostFirst, open(true, true), failed, failed, failed]);
    expect(snapshot.value).toBe('lost');
    expect(snapshot.context).toMatchObject({ session: first, lost: true });
    expect(effects.slice(2)).toEqual([
      { resume: 's1', cwd: '/code/project' },
      { load: 's1', cwd: '/code/project' },
      'new',
      { failed: 'no such session' },
    ]);
  });

  it('tries the resume again after a failed new session', () => {
    const { effects } = run([...lostFirst, open(true, false), failed, failed, open(true, false)]);
    expect(effects.slice(-1)).toEqual([{ resume: 's1', cwd: '/code/project' }]);
  });

  it('reports a failed first session and goes back to none', () => {
    const { snapshot, effects } = run([open(true, true), failed]);
    expect(snapshot.value).toBe('none');
    expect(snapshot.context.session).toBeNull();
    expect(effects).toEqual(['new', { failed: 'no such session' }]);
  });

  it('resumes the session a restored conversation had, in the cwd it was made in', () => {
    const { snapshot, effects } = run([
      { type: 'session.restored', session: second },
      open(true, true),
      opened(second),
    ]);
    expect(snapshot.value).toBe('open');
    expect(effects).toEqual([
      { resume: 's2', cwd: '/code/other' },
      { opened: 'resume', restarted: false },
    ]);
  });

  it('makes a restored conversation without a session a new one, restarted', () => {
    const restored: AcpSessionEvent = { type: 'session.restored', session: null };
    expect(run([restored]).snapshot.value).toBe('lost');
    const { snapshot, effects } = run([restored, open(true, true), opened(first)]);
    expect(snapshot.value).toBe('open');
    expect(effects).toEqual(['new', { opened: 'new', restarted: true }]);
  });

  it('goes back to none or lost when the agent goes while opening', () => {
    expect(run([open(true, true), gone]).snapshot.value).toBe('none');
    const { snapshot, effects } = run([...lostFirst, open(true, true), gone]);
    expect(snapshot.value).toBe('lost');
    expect(snapshot.context).toMatchObject({ session: first, lost: true });
    expect(effects.slice(2)).toEqual([{ resume: 's1', cwd: '/code/project' }]);
    // A reply that comes after the agent is gone changes nothing.
    expect(run([...lostFirst, open(true, true), gone, opened(first)]).snapshot.value).toBe('lost');
  });

  it('ignores an open while it is opening or open', () => {
    const { snapshot, effects } = run([
      open(true, true),
      open(true, true),
      opened(first),
      open(true, true),
    ]);
    expect(snapshot.value).toBe('open');
    expect(effects).toEqual(['new', { opened: 'new', restarted: false }]);
  });
});
