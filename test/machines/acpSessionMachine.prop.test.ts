import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import {
  acpSessionMachine,
  type AcpSessionEvent,
  type SessionOpening,
} from '../../machines/acpSessionMachine.ts';
import type { AcpSessionRecord } from '../../schema/worker.ts';

/** What the conversation has seen, not how the machine keeps it. */
interface Model {
  phase: 'none' | 'opening' | 'open' | 'lost';
  /** The request in flight while `opening`. */
  trying: SessionOpening | null;
  /** The last session opened or restored: what a resume or a load must continue. */
  known: AcpSessionRecord | null;
  /** A session was restored, or an open one's agent went, since the last one opened. */
  lostSince: boolean;
  /** What the agent advertised at the last open. */
  canLoad: boolean;
  made: number;
}

type Effect =
  | { kind: SessionOpening; session?: AcpSessionRecord }
  | { kind: 'opened'; how: SessionOpening; restarted: boolean }
  | { kind: 'failed'; error: string; loginRequired: boolean };

class World {
  effects: Effect[] = [];
  readonly actor: Actor<typeof acpSessionMachine>;
  constructor() {
    const effects = this.effects;
    this.actor = createActor(
      acpSessionMachine.provide({
        actions: {
          requestNew: () => effects.push({ kind: 'new' }),
          requestLoad: (_, session) => effects.push({ kind: 'load', session }),
          requestResume: (_, session) => effects.push({ kind: 'resume', session }),
          opened: (_, { how, restarted }) => effects.push({ kind: 'opened', how, restarted }),
          openFailed: (_, { error, loginRequired }) =>
            effects.push({ kind: 'failed', error, loginRequired }),
        },
      }),
    ).start();
  }
  /** Sends `event`; the effects it caused. */
  send(event: AcpSessionEvent): Effect[] {
    this.effects.length = 0;
    this.actor.send(event);
    return [...this.effects];
  }
}

const topLevel = (w: World) => {
  const value = w.actor.getSnapshot().value;
  return typeof value === 'string' ? value : Object.keys(value)[0];
};

const request = (m: Model, how: SessionOpening): Effect =>
  how === 'new' ? { kind: 'new' } : { kind: how, session: m.known! };

type Cmd = fc.Command<Model, World>;

const command = (name: string, run: (m: Model, w: World) => void): Cmd => ({
  check: () => true,
  run: (m, w) => {
    run(m, w);
    expect(topLevel(w)).toBe(m.phase);
    if (m.phase === 'opening') expect(w.actor.getSnapshot().value).toEqual({ opening: m.trying });
  },
  toString: () => name,
});

const restore = (session: AcpSessionRecord | null) =>
  command(`restore(${JSON.stringify(session)})`, (m, w) => {
    expect(w.send({ type: 'session.restored', session })).toEqual([]);
    // A conversation is restored into a worker before it has a session, never after.
    if (m.phase !== 'none') return;
    Object.assign(m, { phase: 'lost', known: session, lostSince: true });
  });

const open = (canResume: boolean, canLoad: boolean) =>
  command(`open(${canResume}, ${canLoad})`, (m, w) => {
    const effects = w.send({ type: 'session.open', canResume, canLoad });
    if (m.phase !== 'none' && m.phase !== 'lost') return expect(effects).toEqual([]);
    const how: SessionOpening =
      m.phase === 'lost' && m.known && canResume
        ? 'resume'
        : m.phase === 'lost' && m.known && canLoad
          ? 'load'
          : 'new';
    Object.assign(m, { phase: 'opening', trying: how, canLoad });
    expect(effects).toEqual([request(m, how)]);
  });

const opened = (cwd: string) =>
  command(`opened(${cwd})`, (m, w) => {
    // The agent answers with the session it continued, or the one it made.
    const session =
      m.trying === 'new' || m.known === null ? { id: `s${m.made + 1}`, cwd } : m.known;
    const effects = w.send({ type: 'session.opened', session });
    if (m.phase !== 'opening') return expect(effects).toEqual([]);
    const how = m.trying!;
    // The property: restarted exactly when a session was made anew after one was lost.
    expect(effects).toEqual([{ kind: 'opened', how, restarted: how === 'new' && m.lostSince }]);
    if (how === 'new') m.made += 1;
    Object.assign(m, { phase: 'open', trying: null, known: session, lostSince: false });
  });

const fails = command('failed', (m, w) => {
  const effects = w.send({ type: 'session.failed', error: 'refused' });
  if (m.phase !== 'opening') return expect(effects).toEqual([]);
  const next: SessionOpening | null =
    m.trying === 'resume' ? (m.canLoad ? 'load' : 'new') : m.trying === 'load' ? 'new' : null;
  if (next) {
    m.trying = next;
    return expect(effects).toEqual([request(m, next)]);
  }
  expect(effects).toEqual([{ kind: 'failed', error: 'refused', loginRequired: false }]);
  Object.assign(m, { phase: m.lostSince ? 'lost' : 'none', trying: null });
});

// Refused until the user logs in: nothing falls back (a new session would lose the one to continue).
const needsLogin = command('needsLogin', (m, w) => {
  const effects = w.send({ type: 'session.failed', error: 'log in', loginRequired: true });
  if (m.phase !== 'opening') return expect(effects).toEqual([]);
  expect(effects).toEqual([{ kind: 'failed', error: 'log in', loginRequired: true }]);
  Object.assign(m, { phase: m.lostSince ? 'lost' : 'none', trying: null });
});

const agentGone = command('agentGone', (m, w) => {
  expect(w.send({ type: 'session.agentGone' })).toEqual([]);
  if (m.phase === 'open') Object.assign(m, { phase: 'lost', lostSince: true });
  else if (m.phase === 'opening') {
    Object.assign(m, { phase: m.lostSince ? 'lost' : 'none', trying: null });
  }
});

const record: fc.Arbitrary<AcpSessionRecord> = fc.record({
  id: fc.constantFrom('old1', 'old2'),
  cwd: fc.constantFrom('/a', '/b'),
});

const commands = fc.commands(
  [
    fc.option(record, { nil: null }).map(restore),
    fc.tuple(fc.boolean(), fc.boolean()).map(([canResume, canLoad]) => open(canResume, canLoad)),
    fc.constantFrom('/a', '/b').map(opened),
    fc.constant(fails),
    fc.constant(needsLogin),
    fc.constant(agentGone),
  ],
  { maxCommands: 60, size: 'medium' },
);

const initialModel = (): Model => ({
  phase: 'none',
  trying: null,
  known: null,
  lostSince: false,
  canLoad: false,
  made: 0,
});

// The machine answers synchronously, so the commands run in order (fc.modelRun).
describe('the ACP session machine, driven like a conversation and its agent', () => {
  test.prop([commands], { numRuns: 300 })(
    'reports restarted exactly when a session was made anew after one was lost, and continues the last session',
    (cmds) => fc.modelRun(() => ({ model: initialModel(), real: new World() }), cmds),
  );
});
