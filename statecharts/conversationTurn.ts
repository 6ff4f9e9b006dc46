import type { Chart } from './types.ts';

export type TurnStateName =
  | 'queued'
  | 'waitingForAgent'
  | 'prompting'
  | 'awaitingPermission'
  | 'awaitingLogin'
  | 'cancelling'
  | 'ended'
  | 'failed'
  | 'dropped';

/**
 * One turn of a conversation (REFERENCE.md "Conversations"): a user message, from the moment it is
 * sent to the end of the agent's answer. Written for Switchboard, as the reference has no table
 * for it; `machines/turnMachine.ts` mirrors it, and `npm run docs` writes its pages.
 */
export const conversationTurn: Chart<TurnStateName> = {
  id: 'conversation-turn',
  title: { en: 'Conversation turn', fr: 'Tour de conversation' },
  intro: {
    en: 'A turn is a user message and the agent’s answer to it. Turns of one conversation run one at a time, in the order they were sent; a turn sent while another runs waits, `queued`.',
    fr: 'Un tour est un message de l’utilisateur et la réponse de l’agent. Les tours d’une conversation passent un par un, dans l’ordre de leur envoi ; un tour envoyé pendant qu’un autre se déroule attend, `queued`.',
  },
  initial: 'queued',
  states: [
    {
      name: 'queued',
      label: { en: 'queued', fr: 'en attente' },
      meaning: {
        en: 'The message waits for the turn before it to end.',
        fr: 'Le message attend la fin du tour précédent.',
      },
    },
    {
      name: 'waitingForAgent',
      label: { en: 'starting the agent…', fr: 'démarrage de l’agent…' },
      meaning: {
        en: 'The agent is being started (and its session opened) to answer.',
        fr: 'L’agent démarre (et sa session s’ouvre) pour répondre.',
      },
    },
    {
      name: 'prompting',
      label: { en: 'answering…', fr: 'répond…' },
      meaning: {
        en: '`session/prompt` is in progress: the answer streams in.',
        fr: '`session/prompt` est en cours : la réponse arrive.',
      },
    },
    {
      name: 'awaitingPermission',
      label: { en: 'waiting for your permission', fr: 'attend votre permission' },
      meaning: {
        en: 'The agent asked to use a tool and waits for the user’s answer.',
        fr: 'L’agent a demandé à utiliser un outil et attend la réponse de l’utilisateur.',
      },
    },
    {
      name: 'awaitingLogin',
      label: { en: 'waiting for you to log in', fr: 'attend votre connexion' },
      meaning: {
        en: 'The agent refused the session or the prompt until the user logs in (ACP’s `auth_required`); its ways to log in are shown (`auth`).',
        fr: 'L’agent a refusé la session ou le prompt tant que l’utilisateur ne s’est pas connecté (`auth_required` d’ACP) ; ses façons de se connecter sont montrées (`auth`).',
      },
    },
    {
      name: 'cancelling',
      label: { en: 'cancelling…', fr: 'annulation…' },
      meaning: {
        en: '`session/cancel` was sent; the agent is ending its answer.',
        fr: '`session/cancel` a été envoyé ; l’agent termine sa réponse.',
      },
    },
    {
      name: 'ended',
      label: { en: 'done', fr: 'terminé' },
      meaning: {
        en: 'The answer ended with a stop reason (`end_turn`, `cancelled`, `max_tokens`, `max_turn_requests`, `refusal`).',
        fr: 'La réponse s’est terminée avec une raison d’arrêt (`end_turn`, `cancelled`, `max_tokens`, `max_turn_requests`, `refusal`).',
      },
    },
    {
      name: 'failed',
      label: { en: 'failed', fr: 'échec' },
      meaning: {
        en: 'The answer ended without a stop reason: the agent’s error, its exit, or it could not be started.',
        fr: 'La réponse s’est terminée sans raison d’arrêt : une erreur de l’agent, son arrêt, ou il n’a pas pu démarrer.',
      },
    },
    {
      name: 'dropped',
      label: { en: 'cancelled', fr: 'annulé' },
      meaning: {
        en: 'The message was dropped by Cancel before it reached the agent.',
        fr: 'Le message a été abandonné par Annuler avant d’atteindre l’agent.',
      },
    },
  ],
  transitions: [
    {
      from: ['queued'],
      event: { en: 'the turns before it have ended', fr: 'les tours précédents sont terminés' },
      to: 'waitingForAgent',
      machineEvents: ['turn.begin'],
    },
    {
      from: ['waitingForAgent'],
      event: {
        en: 'the agent is ready and its session open',
        fr: 'l’agent est prêt et sa session ouverte',
      },
      to: 'prompting',
      machineEvents: ['turn.agentReady'],
    },
    {
      from: ['waitingForAgent'],
      event: {
        en: 'the agent cannot be started or reached',
        fr: 'l’agent ne peut être démarré ni joint',
      },
      to: 'failed',
      note: {
        en: 'a system message `agent-unavailable`',
        fr: 'un message système `agent-unavailable`',
      },
      machineEvents: ['turn.agentUnavailable'],
    },
    {
      from: ['waitingForAgent', 'prompting', 'awaitingPermission'],
      event: {
        en: 'the agent refuses the session or the prompt until the user logs in',
        fr: 'l’agent refuse la session ou le prompt tant que l’utilisateur ne s’est pas connecté',
      },
      to: 'awaitingLogin',
      note: {
        en: '`auth` shows its ways to log in; pending permissions answered “cancelled”',
        fr: '`auth` montre ses façons de se connecter ; permissions en attente répondues « annulé »',
      },
      machineEvents: ['turn.loginRequired'],
    },
    {
      from: ['awaitingLogin'],
      event: {
        en: 'the user logs in (`Authenticate`)',
        fr: 'l’utilisateur se connecte (`Authenticate`)',
      },
      to: 'waitingForAgent',
      note: {
        en: 'the agent is started again if it has gone, its session opened, and the prompt sent again',
        fr: 'l’agent est redémarré s’il s’est arrêté, sa session ouverte, et le prompt envoyé à nouveau',
      },
      machineEvents: ['turn.loggedIn'],
    },
    {
      from: ['awaitingLogin'],
      event: {
        en: 'the agent cannot be started again',
        fr: 'l’agent ne peut être redémarré',
      },
      to: 'failed',
      machineEvents: ['turn.agentUnavailable'],
    },
    {
      from: ['prompting'],
      event: { en: 'the agent asks for a permission', fr: 'l’agent demande une permission' },
      to: 'awaitingPermission',
      machineEvents: ['turn.permissionRequested'],
    },
    {
      from: ['awaitingPermission'],
      event: {
        en: 'the user answers the last pending permission',
        fr: 'l’utilisateur répond à la dernière permission en attente',
      },
      to: 'prompting',
      machineEvents: ['turn.permissionAnswered'],
    },
    {
      from: ['prompting', 'awaitingPermission'],
      event: { en: 'Cancel', fr: 'Annuler' },
      to: 'cancelling',
      note: {
        en: 'pending permissions answered “cancelled”',
        fr: 'permissions en attente répondues « annulé »',
      },
      machineEvents: ['turn.cancel'],
    },
    {
      from: ['prompting', 'awaitingPermission', 'cancelling'],
      event: {
        en: 'the prompt ends with a stop reason',
        fr: 'le prompt se termine avec une raison d’arrêt',
      },
      to: 'ended',
      machineEvents: ['turn.promptEnded'],
    },
    {
      from: ['prompting', 'awaitingPermission', 'cancelling'],
      event: {
        en: 'the prompt fails, or the agent’s process exits',
        fr: 'le prompt échoue, ou le processus de l’agent s’arrête',
      },
      to: 'failed',
      note: { en: 'what arrived is kept', fr: 'ce qui est arrivé est gardé' },
      machineEvents: ['turn.promptFailed', 'turn.agentExited'],
    },
    {
      from: ['cancelling'],
      event: {
        en: 'the agent asks for a login after Cancel',
        fr: 'l’agent demande une connexion après Annuler',
      },
      to: 'failed',
      machineEvents: ['turn.loginRequired'],
    },
    {
      from: ['queued', 'waitingForAgent', 'awaitingLogin'],
      event: { en: 'Cancel', fr: 'Annuler' },
      to: 'dropped',
      note: {
        en: 'the message ends with error `cancelled`',
        fr: 'le message se termine avec l’erreur `cancelled`',
      },
      machineEvents: ['turn.cancel'],
    },
  ],
  notes: [
    {
      en: 'Several permission requests may be pending at once (tools called in parallel): the turn stays `awaitingPermission` until the last one is answered. A prompt that ends while some are pending ends the turn, and those are answered “cancelled”.',
      fr: 'Plusieurs demandes de permission peuvent attendre à la fois (outils appelés en parallèle) : le tour reste `awaitingPermission` jusqu’à la réponse à la dernière. Un prompt qui se termine pendant que certaines attendent termine le tour, et elles sont répondues « annulé ».',
    },
    {
      en: 'A turn in `prompting`, `awaitingPermission` or `cancelling` makes the agent `busy`; the end of the last one makes it `ready`.',
      fr: 'Un tour en `prompting`, `awaitingPermission` ou `cancelling` rend l’agent `busy` ; la fin du dernier le rend `ready`.',
    },
    {
      en: 'A turn `awaitingLogin` lets the agent go (`ready`): the user may take a while, the agent may be stopped meanwhile (idle stop, eviction, or the restart that gives it a new `env`), and the login starts it again. A turn cancelled while it waits ends `dropped`, its empty answer with error `cancelled`.',
      fr: 'Un tour en `awaitingLogin` laisse l’agent (`ready`) : l’utilisateur peut prendre son temps, l’agent peut être arrêté entre-temps (arrêt pour inactivité, éviction, ou le redémarrage qui lui donne un nouvel `env`), et la connexion le redémarre. Un tour annulé pendant cette attente finit `dropped`, sa réponse vide avec l’erreur `cancelled`.',
    },
  ],
};
