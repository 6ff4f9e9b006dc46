import { assign, setup } from 'xstate';
import type { StopReason } from '../schema/conversation.ts';

export interface TurnContext {
  /** Permission requests of this turn still waiting for the user. */
  pendingPermissions: number;
  /** Refusals the user gave in this turn (`permission:requested`'s `rejections`). */
  rejections: number;
  stopReason: StopReason | null;
  /** Why the turn failed or was dropped: the agent's explanation, or `cancelled`. */
  error: string | null;
}

export type TurnEvent =
  | { type: 'turn.begin' }
  | { type: 'turn.agentReady' }
  | { type: 'turn.agentUnavailable'; error: string }
  | { type: 'turn.permissionRequested' }
  | { type: 'turn.permissionAnswered'; rejected: boolean }
  | { type: 'turn.cancel' }
  | { type: 'turn.promptEnded'; stopReason: StopReason }
  | { type: 'turn.promptFailed'; error: string }
  | { type: 'turn.agentExited'; error: string }
  /** The agent refused the session or the prompt until the user logs in (ACP's `auth_required`). */
  | { type: 'turn.loginRequired'; error: string }
  /** The user logged in (`ChatService.Authenticate`). */
  | { type: 'turn.loggedIn' };

/**
 * One turn of a conversation, mirroring `statecharts/conversationTurn.ts` row for row. It decides
 * nothing by itself: the agent worker's conversation sends it what the user and the agent do, and
 * binds its effects (`sendPrompt`, `sendCancel`, `cancelPermissions`, `askLogin`, `forgetLogin`,
 * `reachAgent`) with `machine.provide`.
 *
 * @example
 * const turn = createActor(turnMachine.provide({ actions: { sendPrompt, sendCancel, cancelPermissions } }));
 * turn.start();
 * turn.send({ type: 'turn.begin' });
 */
export const turnMachine = setup({
  types: {
    context: {} as TurnContext,
    events: {} as TurnEvent,
  },
  actions: {
    sendPrompt: () => {},
    sendCancel: () => {},
    /** Answers every pending permission request of the turn "cancelled". */
    cancelPermissions: () => {},
    /** Shows the agent's ways to log in, and lets the agent go while the user logs in. */
    askLogin: () => {},
    /** The ways to log in are no longer shown. */
    forgetLogin: () => {},
    /** Gets the agent again (starts it if it has gone), then its session: `turn.agentReady` follows. */
    reachAgent: () => {},
    clearPermissions: assign({ pendingPermissions: 0 }),
    addPermission: assign({ pendingPermissions: ({ context }) => context.pendingPermissions + 1 }),
    answerPermission: assign({
      pendingPermissions: ({ context }) => Math.max(0, context.pendingPermissions - 1),
      rejections: ({ context, event }) =>
        event.type === 'turn.permissionAnswered' && event.rejected
          ? context.rejections + 1
          : context.rejections,
    }),
    recordStop: assign({
      stopReason: ({ event }) => (event.type === 'turn.promptEnded' ? event.stopReason : null),
    }),
    recordError: assign({
      error: ({ event }) =>
        'error' in event && typeof event.error === 'string' ? event.error : 'cancelled',
    }),
  },
  guards: {
    isLastPermission: ({ context }) => context.pendingPermissions <= 1,
  },
}).createMachine({
  id: 'turn',
  initial: 'queued',
  context: { pendingPermissions: 0, rejections: 0, stopReason: null, error: null },
  states: {
    queued: {
      on: {
        'turn.begin': { target: 'waitingForAgent' },
        'turn.cancel': { target: 'dropped', actions: 'recordError' },
      },
    },
    waitingForAgent: {
      on: {
        'turn.agentReady': { target: 'prompting', actions: 'sendPrompt' },
        'turn.agentUnavailable': { target: 'failed', actions: 'recordError' },
        'turn.loginRequired': { target: 'awaitingLogin' },
        'turn.cancel': { target: 'dropped', actions: 'recordError' },
      },
    },
    awaitingLogin: {
      entry: 'askLogin',
      exit: 'forgetLogin',
      on: {
        'turn.loggedIn': { target: 'waitingForAgent', actions: 'reachAgent' },
        'turn.agentUnavailable': { target: 'failed', actions: 'recordError' },
        'turn.cancel': { target: 'dropped', actions: 'recordError' },
      },
    },
    prompting: {
      on: {
        'turn.permissionRequested': { target: 'awaitingPermission', actions: 'addPermission' },
        'turn.cancel': { target: 'cancelling', actions: 'sendCancel' },
        'turn.promptEnded': { target: 'ended', actions: 'recordStop' },
        'turn.promptFailed': { target: 'failed', actions: 'recordError' },
        'turn.loginRequired': { target: 'awaitingLogin' },
        'turn.agentExited': { target: 'failed', actions: 'recordError' },
      },
    },
    awaitingPermission: {
      on: {
        'turn.permissionRequested': { actions: 'addPermission' },
        'turn.permissionAnswered': [
          { guard: 'isLastPermission', target: 'prompting', actions: 'answerPermission' },
          { actions: 'answerPermission' },
        ],
        'turn.cancel': { target: 'cancelling', actions: ['cancelPermissions', 'sendCancel'] },
        'turn.promptEnded': { target: 'ended', actions: ['cancelPermissions', 'recordStop'] },
        'turn.promptFailed': { target: 'failed', actions: ['cancelPermissions', 'recordError'] },
        'turn.loginRequired': {
          target: 'awaitingLogin',
          actions: ['cancelPermissions', 'clearPermissions'],
        },
        'turn.agentExited': { target: 'failed', actions: ['cancelPermissions', 'recordError'] },
      },
    },
    cancelling: {
      on: {
        'turn.promptEnded': { target: 'ended', actions: 'recordStop' },
        'turn.promptFailed': { target: 'failed', actions: 'recordError' },
        'turn.loginRequired': { target: 'failed', actions: 'recordError' },
        'turn.agentExited': { target: 'failed', actions: 'recordError' },
      },
    },
    ended: { type: 'final' },
    failed: { type: 'final' },
    dropped: { type: 'final' },
  },
});
