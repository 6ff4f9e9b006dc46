import type { Chart } from './types.ts';

export type TurnStateName =
  | 'queued'
  | 'waitingForAgent'
  | 'prompting'
  | 'awaitingPermission'
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
      from: ['queued', 'waitingForAgent'],
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
  ],
};
