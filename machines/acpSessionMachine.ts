import { assign, setup } from 'xstate';
import type { AcpSessionRecord } from '../schema/worker.ts';

/** How a session was opened: made anew, or continued by `session/resume` or `session/load`. */
export type SessionOpening = 'new' | 'load' | 'resume';

export interface AcpSessionContext {
  /** The session the conversation had last, once it had one: what a resume or a load continues. */
  session: AcpSessionRecord | null;
  /** The conversation had a session that is gone: one made anew means the agent forgot it. */
  lost: boolean;
  /** This run of the agent advertises `loadSession` (what a failed resume falls back to). */
  canLoad: boolean;
}

export type AcpSessionEvent =
  /** The conversation was restored with a session from an earlier run (or one that is gone). */
  | { type: 'session.restored'; session: AcpSessionRecord | null }
  /** A turn needs the session, and the agent runs; what it advertised in `initialize`. */
  | { type: 'session.open'; canResume: boolean; canLoad: boolean }
  | { type: 'session.opened'; session: AcpSessionRecord }
  /**
   * The request failed; `loginRequired` when the agent refused it until the user logs in (ACP's
   * `auth_required`): a refused resume or load then does not fall back to a new session.
   */
  | { type: 'session.failed'; error: string; loginRequired?: boolean }
  /** The agent's process is gone (stopped, crashed, restarted). */
  | { type: 'session.agentGone' };

/**
 * The ACP session of one conversation across the agent's runs, mirroring `statecharts/acpSession.ts`
 * row for row (CONTRACT.md §6, "Resuming"): made with `session/new` the first time; after the agent
 * ran again, continued with `session/resume` when it advertises it, else `session/load`, else made
 * anew — and then the agent has forgotten the conversation (`agent-restarted`). It decides nothing
 * by itself: the conversation sends it what happens and binds its requests with `provide`.
 *
 * @example
 * const session = createActor(acpSessionMachine.provide({ actions: { requestNew, requestLoad, requestResume, opened } }));
 * session.start();
 * session.send({ type: 'session.open', canResume: false, canLoad: true });
 */
export const acpSessionMachine = setup({
  types: {
    context: {} as AcpSessionContext,
    events: {} as AcpSessionEvent,
  },
  actions: {
    /** `session/new` in the agent's cwd; `session.opened` or `session.failed` follows. */
    requestNew: () => {},
    /** `session/load` of `context.session`. */
    requestLoad: (_, _session: AcpSessionRecord) => {},
    /** `session/resume` of `context.session`. */
    requestResume: (_, _session: AcpSessionRecord) => {},
    /** The session is open; `restarted` when it was made anew after one was lost. */
    opened: (_, _params: { how: SessionOpening; restarted: boolean }) => {},
    /**
     * No session could be opened: the turn that needed it fails with `error`, or waits for a
     * login when `loginRequired`.
     */
    openFailed: (_, _params: { error: string; loginRequired: boolean }) => {},
    restore: assign(({ event }) =>
      event.type === 'session.restored' ? { session: event.session, lost: true } : {},
    ),
    keepSession: assign(({ event }) =>
      event.type === 'session.opened' ? { session: event.session, lost: false } : {},
    ),
    noteCapabilities: assign(({ event }) =>
      event.type === 'session.open' ? { canLoad: event.canLoad } : {},
    ),
  },
  guards: {
    canResume: ({ context, event }) =>
      event.type === 'session.open' && event.canResume && context.session !== null,
    canLoad: ({ context, event }) =>
      event.type === 'session.open' && event.canLoad && context.session !== null,
    canLoadAfterResume: ({ context }) => context.canLoad,
    wasLost: ({ context }) => context.lost,
    needsLogin: ({ event }) => event.type === 'session.failed' && event.loginRequired === true,
  },
}).createMachine({
  id: 'acpSession',
  initial: 'none',
  context: { session: null, lost: false, canLoad: false },
  states: {
    none: {
      on: {
        'session.restored': { target: 'lost', actions: 'restore' },
        'session.open': { target: 'opening.new', actions: 'noteCapabilities' },
      },
    },
    opening: {
      initial: 'new',
      on: {
        'session.agentGone': [{ guard: 'wasLost', target: 'lost' }, { target: 'none' }],
      },
      states: {
        new: {
          entry: 'requestNew',
          on: {
            'session.opened': {
              target: '#acpSession.open',
              actions: [
                {
                  type: 'opened',
                  params: ({ context }) => ({ how: 'new' as const, restarted: context.lost }),
                },
                'keepSession',
              ],
            },
            'session.failed': [
              {
                guard: 'wasLost',
                target: '#acpSession.lost',
                actions: { type: 'openFailed', params: ({ event }) => failure(event) },
              },
              {
                target: '#acpSession.none',
                actions: { type: 'openFailed', params: ({ event }) => failure(event) },
              },
            ],
          },
        },
        load: {
          entry: { type: 'requestLoad', params: ({ context }) => context.session! },
          on: {
            'session.opened': {
              target: '#acpSession.open',
              actions: [
                { type: 'opened', params: { how: 'load', restarted: false } },
                'keepSession',
              ],
            },
            'session.failed': [
              {
                guard: 'needsLogin',
                target: '#acpSession.lost',
                actions: { type: 'openFailed', params: ({ event }) => failure(event) },
              },
              { target: 'new' },
            ],
          },
        },
        resume: {
          entry: { type: 'requestResume', params: ({ context }) => context.session! },
          on: {
            'session.opened': {
              target: '#acpSession.open',
              actions: [
                { type: 'opened', params: { how: 'resume', restarted: false } },
                'keepSession',
              ],
            },
            'session.failed': [
              {
                guard: 'needsLogin',
                target: '#acpSession.lost',
                actions: { type: 'openFailed', params: ({ event }) => failure(event) },
              },
              { guard: 'canLoadAfterResume', target: 'load' },
              { target: 'new' },
            ],
          },
        },
      },
    },
    open: {
      on: {
        'session.agentGone': { target: 'lost', actions: assign({ lost: true }) },
      },
    },
    lost: {
      on: {
        'session.open': [
          { guard: 'canResume', target: 'opening.resume', actions: 'noteCapabilities' },
          { guard: 'canLoad', target: 'opening.load', actions: 'noteCapabilities' },
          { target: 'opening.new', actions: 'noteCapabilities' },
        ],
      },
    },
  },
});

const failure = (event: AcpSessionEvent) =>
  event.type === 'session.failed'
    ? { error: event.error, loginRequired: event.loginRequired === true }
    : { error: '', loginRequired: false };
