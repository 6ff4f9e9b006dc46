import type { Chart } from './types.ts';

export type AgentStateName = 'stopped' | 'starting' | 'ready' | 'busy' | 'error';

/**
 * The agent lifecycle of REFERENCE.md ("Agent states", "Transitions"), as data.
 * `machines/agentLifecycleMachine.ts` mirrors it; `npm run docs` writes its reference pages.
 */
export const agentLifecycle: Chart<AgentStateName> = {
  id: 'agent-lifecycle',
  title: { en: 'Agent lifecycle', fr: 'Cycle de vie d’un agent' },
  intro: {
    en: 'Every agent of the configuration is one actor in these five states. `outdated` (shown as “restart to apply changes”) is not a state: it marks a running agent whose definition changed in the configuration; a restart applies it.',
    fr: 'Chaque agent de la configuration est un acteur dans l’un de ces cinq états. `outdated` (affiché « à redémarrer ») n’est pas un état : il marque un agent en marche dont la définition a changé dans la configuration ; un redémarrage l’applique.',
  },
  initial: 'stopped',
  states: [
    {
      name: 'stopped',
      label: { en: 'stopped', fr: 'arrêté' },
      meaning: {
        en: 'No process. The initial state of every agent.',
        fr: 'Aucun processus. L’état initial de chaque agent.',
      },
    },
    {
      name: 'starting',
      label: { en: 'starting…', fr: 'démarre…' },
      meaning: {
        en: 'The process is launched and the ACP handshake (`initialize`) is in progress.',
        fr: 'Le processus est lancé et la poignée de main ACP (`initialize`) est en cours.',
      },
    },
    {
      name: 'ready',
      label: { en: 'ready', fr: 'prêt' },
      meaning: { en: 'Running and idle.', fr: 'En marche et inactif.' },
    },
    {
      name: 'busy',
      label: { en: 'busy', fr: 'occupé' },
      meaning: {
        en: 'Running and used by at least one conversation.',
        fr: 'En marche et utilisé par au moins une conversation.',
      },
    },
    {
      name: 'error',
      label: { en: 'error', fr: 'erreur' },
      meaning: {
        en: 'The start failed, or the process exited on its own (crash). The status carries the reason, followed by the agent’s last stderr lines when the start failed.',
        fr: 'Le démarrage a échoué, ou le processus s’est arrêté de lui-même (plantage). Le statut porte la raison, suivie des dernières lignes de stderr de l’agent quand le démarrage a échoué.',
      },
    },
  ],
  transitions: [
    {
      from: ['stopped', 'error'],
      event: {
        en: 'start requested (▶ in the Agents panel, or first use)',
        fr: 'démarrage demandé (▶ dans le panneau Agents, ou première utilisation)',
      },
      to: 'starting',
      machineEvents: ['agent.start'],
    },
    {
      from: ['starting'],
      event: { en: 'the handshake succeeds', fr: 'la poignée de main réussit' },
      to: 'ready',
      machineEvents: ['agent.handshakeSucceeded'],
    },
    {
      from: ['starting'],
      event: {
        en: 'the handshake fails, a protocol other than ACP v1, timeout (30 s)',
        fr: 'la poignée de main échoue, un protocole autre qu’ACP v1, délai dépassé (30 s)',
      },
      to: 'error',
      machineEvents: ['agent.handshakeFailed', 'agent.exited', 'after:handshakeTimeout'],
    },
    {
      from: ['ready'],
      event: { en: 'used', fr: 'utilisé' },
      to: 'busy',
      machineEvents: ['agent.use'],
    },
    {
      from: ['busy'],
      event: { en: 'the last user is done', fr: 'le dernier utilisateur a terminé' },
      to: 'ready',
      machineEvents: ['agent.release'],
    },
    {
      from: ['ready', 'busy'],
      event: {
        en: 'stop requested (■), the application quits, the agent is removed from the configuration',
        fr: 'arrêt demandé (■), l’application se ferme, l’agent est retiré de la configuration',
      },
      to: 'stopped',
      machineEvents: ['agent.stop'],
    },
    {
      from: ['ready'],
      event: {
        en: 'unused for `limits.stopIdleAgentsAfter` (checked every 30 s)',
        fr: 'inutilisé depuis `limits.stopIdleAgentsAfter` (vérifié toutes les 30 s)',
      },
      to: 'stopped',
      machineEvents: ['agent.idleStop'],
    },
    {
      from: ['ready'],
      event: {
        en: 'another agent must start and this one is the least recently used idle agent',
        fr: 'un autre agent doit démarrer et celui-ci est l’agent inactif utilisé le moins récemment',
      },
      to: 'stopped',
      machineEvents: ['agent.evict'],
    },
    {
      from: ['ready', 'busy'],
      event: { en: 'the process exits on its own', fr: 'le processus s’arrête de lui-même' },
      to: 'error',
      note: { en: 'never restarted automatically', fr: 'jamais redémarré automatiquement' },
      machineEvents: ['agent.exited'],
    },
    {
      from: ['starting'],
      event: { en: 'stop requested', fr: 'arrêt demandé' },
      to: 'stopped',
      note: { en: 'as soon as the start ends', fr: 'dès que le démarrage se termine' },
      machineEvents: ['agent.stop'],
    },
  ],
  notes: [
    {
      en: 'When `limits.maxRunningAgents` agents are running and all of them are `busy`, a start is refused with the message `too many agents running: N agent(s) busy (…), the limit is N`. An agent that is `starting` holds a place too: it has a process.',
      fr: 'Quand `limits.maxRunningAgents` agents sont en marche et tous `busy`, un démarrage est refusé avec le message `trop d’agents en marche : N agent(s) occupé(s) (…), la limite est N`. Un agent qui démarre (`starting`) occupe aussi une place : il a un processus.',
    },
    {
      en: 'Stopping an agent closes its standard input, waits 5 seconds, then sends SIGTERM to the agent and its children (its process group); 3 seconds later, SIGKILL. The agent is `stopped` once its process has exited; whatever its process group still holds then is killed.',
      fr: 'Arrêter un agent ferme son entrée standard, attend 5 secondes, puis envoie SIGTERM à l’agent et à ses enfants (son groupe de processus) ; 3 secondes plus tard, SIGKILL. L’agent est `stopped` dès que son processus s’est terminé ; ce qui reste alors de son groupe de processus est tué.',
    },
    {
      en: 'A stop requested while the agent is `starting` lets the start end (success, failure or the 30 s timeout), then runs the stop sequence; the agent ends `stopped`, not `error`.',
      fr: 'Un arrêt demandé pendant le démarrage (`starting`) laisse le démarrage se terminer (succès, échec ou délai de 30 s), puis suit la séquence d’arrêt ; l’agent finit `stopped`, pas `error`.',
    },
  ],
};
