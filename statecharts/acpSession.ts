import type { Chart } from './types.ts';

export type AcpSessionStateName = 'none' | 'opening' | 'open' | 'lost';

/**
 * The ACP session of one conversation across the agent's runs (CONTRACT.md §6, "Resuming"), as
 * data. Written for Switchboard; `machines/acpSessionMachine.ts` mirrors it, and `npm run docs`
 * writes its pages.
 */
export const acpSession: Chart<AcpSessionStateName> = {
  id: 'acp-session',
  title: { en: 'ACP session', fr: 'Session ACP' },
  intro: {
    en: 'A conversation talks to its agent through one ACP session. The conversation outlives the agent’s runs (Stop, idle stop, eviction, crash, Restart, a host restart): when the agent runs again, the next turn continues the same session rather than start a blank one, so that the agent remembers what was said.',
    fr: 'Une conversation parle à son agent par une session ACP. La conversation survit aux exécutions de l’agent (Arrêter, arrêt pour inactivité, éviction, plantage, Redémarrer, un redémarrage de l’hôte) : quand l’agent tourne de nouveau, le tour suivant reprend la même session plutôt que d’en ouvrir une vierge, pour que l’agent se souvienne de ce qui a été dit.',
  },
  initial: 'none',
  states: [
    {
      name: 'none',
      label: { en: 'no session', fr: 'pas de session' },
      meaning: {
        en: 'The conversation has never had a session. The initial state; the first turn makes one.',
        fr: 'La conversation n’a jamais eu de session. L’état initial ; le premier tour en crée une.',
      },
    },
    {
      name: 'opening',
      label: { en: 'opening the session…', fr: 'ouverture de la session…' },
      meaning: {
        en: 'A request is in progress, one of three sub-states: `resume` (`session/resume`), `load` (`session/load`) or `new` (`session/new`). A failed one falls back to the next.',
        fr: 'Une requête est en cours, dans l’un de trois sous-états : `resume` (`session/resume`), `load` (`session/load`) ou `new` (`session/new`). Si elle échoue, la suivante est essayée.',
      },
    },
    {
      name: 'open',
      label: { en: 'session open', fr: 'session ouverte' },
      meaning: {
        en: 'The agent runs and the session takes prompts.',
        fr: 'L’agent tourne et la session reçoit les prompts.',
      },
    },
    {
      name: 'lost',
      label: { en: 'session to resume', fr: 'session à reprendre' },
      meaning: {
        en: 'The conversation had a session, but the agent’s run that held it ended, or the conversation was restored from an earlier run. The next turn continues it, or makes a new one.',
        fr: 'La conversation avait une session, mais l’exécution de l’agent qui la portait a pris fin, ou la conversation a été restaurée d’une exécution précédente. Le tour suivant la reprend, ou en crée une nouvelle.',
      },
    },
  ],
  transitions: [
    {
      from: ['none'],
      event: {
        en: 'the conversation is restored from an earlier run, with its session or without',
        fr: 'la conversation est restaurée d’une exécution précédente, avec sa session ou sans',
      },
      to: 'lost',
      machineEvents: ['session.restored'],
    },
    {
      from: ['none'],
      event: { en: 'a turn needs the session', fr: 'un tour a besoin de la session' },
      to: 'opening',
      note: { en: '`new`', fr: '`new`' },
      machineEvents: ['session.open'],
    },
    {
      from: ['lost'],
      event: { en: 'a turn needs the session', fr: 'un tour a besoin de la session' },
      to: 'opening',
      note: {
        en: '`resume` when the agent advertises it, else `load`, else `new`',
        fr: '`resume` si l’agent l’annonce, sinon `load`, sinon `new`',
      },
      machineEvents: ['session.open'],
    },
    {
      from: ['opening'],
      event: { en: 'the agent opens the session', fr: 'l’agent ouvre la session' },
      to: 'open',
      note: {
        en: 'a system message `agent-restarted` when it was made anew after one was lost',
        fr: 'un message système `agent-restarted` si elle a été créée à neuf après la perte d’une autre',
      },
      machineEvents: ['session.opened'],
    },
    {
      from: ['opening'],
      event: {
        en: '`session/new` fails (the last resort)',
        fr: '`session/new` échoue (le dernier recours)',
      },
      to: 'lost',
      note: {
        en: 'when the conversation had a session; the turn fails',
        fr: 'si la conversation avait une session ; le tour échoue',
      },
      machineEvents: ['session.failed'],
    },
    {
      from: ['opening'],
      event: {
        en: '`session/new` fails (the last resort)',
        fr: '`session/new` échoue (le dernier recours)',
      },
      to: 'none',
      note: {
        en: 'when it never had one; the turn fails',
        fr: 'si elle n’en a jamais eu ; le tour échoue',
      },
      machineEvents: ['session.failed'],
    },
    {
      from: ['opening'],
      event: {
        en: 'the agent’s process is gone',
        fr: 'le processus de l’agent a disparu',
      },
      to: 'lost',
      note: {
        en: 'when the conversation had a session',
        fr: 'si la conversation avait une session',
      },
      machineEvents: ['session.agentGone'],
    },
    {
      from: ['opening'],
      event: {
        en: 'the agent’s process is gone',
        fr: 'le processus de l’agent a disparu',
      },
      to: 'none',
      note: { en: 'when it never had one', fr: 'si elle n’en a jamais eu' },
      machineEvents: ['session.agentGone'],
    },
    {
      from: ['open'],
      event: {
        en: 'the agent’s process is gone (Stop, idle stop, eviction, crash, Restart)',
        fr: 'le processus de l’agent a disparu (Arrêter, arrêt pour inactivité, éviction, plantage, Redémarrer)',
      },
      to: 'lost',
      machineEvents: ['session.agentGone'],
    },
  ],
  notes: [
    {
      en: 'From `lost`, the session is continued with `session/resume` when the agent advertises it in `initialize` (`sessionCapabilities.resume`), else with `session/load` when it advertises `loadSession` (the updates the agent replays are not added to the conversation a second time), else a new session is made with `session/new`. A failed resume falls back to a load, when the agent advertises it, then to a new session; a failed load falls back to a new session. Only when `session/new` fails too does the turn that needed the session fail. A resume or a load the agent refuses until the user logs in (ACP’s `auth_required`) does not fall back: the session stays `lost`, the turn waits for the login, and the session is continued after it.',
      fr: 'Depuis `lost`, la session est reprise par `session/resume` si l’agent l’annonce dans `initialize` (`sessionCapabilities.resume`), sinon par `session/load` s’il annonce `loadSession` (les mises à jour que l’agent rejoue ne sont pas ajoutées une seconde fois à la conversation), sinon une nouvelle session est créée par `session/new`. Une reprise qui échoue se replie sur un chargement, si l’agent l’annonce, puis sur une nouvelle session ; un chargement qui échoue se replie sur une nouvelle session. Ce n’est que si `session/new` échoue aussi que le tour qui avait besoin de la session échoue. Une reprise ou un chargement que l’agent refuse tant que l’utilisateur ne s’est pas connecté (`auth_required` d’ACP) ne se replie pas : la session reste `lost`, le tour attend la connexion, et la session est reprise ensuite.',
    },
    {
      en: 'A session made anew after one was lost means the agent has forgotten the beginning of the conversation: the system message `agent-restarted` says so. So does a conversation restored without its session, at its next turn. The first session of a conversation, and a session resumed or loaded, add no message.',
      fr: 'Une session créée à neuf après la perte d’une autre signifie que l’agent a oublié le début de la conversation : le message système `agent-restarted` le dit. De même pour une conversation restaurée sans sa session, à son tour suivant. La première session d’une conversation, et une session reprise ou chargée, n’ajoutent aucun message.',
    },
    {
      en: 'A session keeps the `cwd` it was made in: `session/resume` and `session/load` send that one, even if the agent’s `cwd` has changed in the configuration since. A new session is made in the agent’s current `cwd`.',
      fr: 'Une session garde le `cwd` où elle a été créée : `session/resume` et `session/load` envoient celui-là, même si le `cwd` de l’agent a changé depuis dans la configuration. Une nouvelle session est créée dans le `cwd` actuel de l’agent.',
    },
  ],
};
