import { LineRing } from '../machines/LineRing.ts';
import { holdsPlace } from '../machines/supervisionPolicy.ts';
import type { AgentFailure, AgentState, AgentStateEvent, AgentSummary } from '../schema/agents.ts';
import type { AgentDefinition } from './agentDefinition.ts';
import type { AgentWorker } from './AgentWorkerHandle.ts';
import { describeFailure } from './failureMessage.ts';
import type { Language } from './i18n.ts';

/** Lines of stderr kept per agent across its runs (`AgentService.Logs`). */
const logCapacity = 200;

/**
 * The host's one copy of an agent: its definition, what its worker last reported of its
 * lifecycle (the worker's lifecycle actor is the source), and what the supervisor keeps of it.
 */
export interface AgentRecord {
  definition: AgentDefinition;
  state: AgentState;
  stopping: boolean;
  outdated: boolean;
  failure: AgentFailure | null;
  lastUsedAt: number;
  logs: LineRing;
  worker: AgentWorker | undefined;
  /** A `Stop` in progress: a `Start` that follows it waits for it, so the two keep their order. */
  stopRequest: Promise<void> | undefined;
  /**
   * The turn of the conversation that waits for the agent (`wantsAgent`, until answered or
   * withdrawn): only its own start answers it, not one begun for a turn cancelled before it.
   */
  waitingTurn: object | undefined;
}

/** What of a record its worker reports (`AgentWorkerEvent` `state`). */
export type ReportedState = Pick<AgentRecord, 'state' | 'stopping' | 'outdated' | 'failure'>;

/** The agent's error, in `language`: why its last run failed, while it is in `error`. */
export const errorOf = (agent: AgentRecord, language: Language): string =>
  agent.state === 'error' && agent.failure ? describeFailure(language, agent.failure) : '';

/** The agent as `AgentService.List` shows it. */
export const summaryOf = (agent: AgentRecord, language: Language): AgentSummary => ({
  name: agent.definition.name,
  title: agent.definition.title,
  icon: agent.definition.icon,
  description: agent.definition.description,
  state: agent.state,
  error: errorOf(agent, language),
  outdated: agent.outdated,
});

/** What `agent:state` says of the agent. */
export function stateEventOf(agent: AgentRecord, language: Language): AgentStateEvent {
  const error = errorOf(agent, language);
  return {
    agent: agent.definition.name,
    state: agent.state,
    ...(error ? { error } : {}),
    outdated: agent.outdated,
  };
}

const newRecord = (definition: AgentDefinition): AgentRecord => ({
  definition,
  state: 'stopped',
  stopping: false,
  outdated: false,
  failure: null,
  lastUsedAt: 0,
  logs: new LineRing(logCapacity),
  worker: undefined,
  stopRequest: undefined,
  waitingTurn: undefined,
});

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a change of definition needs a restart to apply (CONTRACT.md §2). */
const launchChanged = (before: AgentDefinition, after: AgentDefinition) =>
  before.command !== after.command ||
  before.cwd !== after.cwd ||
  !sameJson(before.args, after.args) ||
  !sameJson(Object.entries(before.env).sort(), Object.entries(after.env).sort());

const shownChanged = (before: AgentDefinition, after: AgentDefinition) =>
  before.title !== after.title ||
  before.icon !== after.icon ||
  before.description !== after.description;

/** What a new configuration changes of the agents (CONTRACT.md §2). */
export interface Reconfiguration {
  /** Running agents whose `command`, `args`, `env` or `cwd` changed: they become `outdated`. */
  relaunch: AgentRecord[];
  /** Agents whose `title`, `icon` or `description` changed, and nothing to restart for. */
  reshown: AgentRecord[];
  /** Agents gone from the configuration: departing until their process is gone (`departed`). */
  removed: AgentRecord[];
}

/**
 * The agents of the configuration, in its order, and those removed from it that still stop (they
 * hold a place until gone). Whoever waits for a change of them waits with `until`; whoever
 * changes them says so with `changed`.
 *
 * @example
 * const registry = new AgentRegistry(definitions);
 * const { relaunch, reshown, removed } = registry.reconfigure(next);
 * await registry.until(() => !holdsPlace(registry.get('a')!));
 */
export class AgentRegistry {
  #agents = new Map<string, AgentRecord>();
  readonly #departing = new Set<AgentRecord>();
  readonly #listeners = new Set<() => void>();

  constructor(definitions: readonly AgentDefinition[]) {
    for (const definition of definitions) this.#agents.set(definition.name, newRecord(definition));
  }

  get(name: string): AgentRecord | undefined {
    return this.#agents.get(name);
  }

  /** The agents of the configuration, in its order. */
  listed(): AgentRecord[] {
    return [...this.#agents.values()];
  }

  /** Every agent that may hold a place: those of the configuration and those departing. */
  every(): AgentRecord[] {
    return [...this.#agents.values(), ...this.#departing];
  }

  /**
   * Takes the new definitions, in their order: new agents appear; kept ones take their new
   * definition; removed ones depart. Says what the caller has to tell whom.
   */
  reconfigure(definitions: readonly AgentDefinition[]): Reconfiguration {
    const next = new Map<string, AgentRecord>();
    const change: Reconfiguration = { relaunch: [], reshown: [], removed: [] };
    for (const definition of definitions) {
      const agent = this.#agents.get(definition.name);
      if (!agent) {
        next.set(definition.name, newRecord(definition));
        continue;
      }
      next.set(definition.name, agent);
      const before = agent.definition;
      agent.definition = definition;
      if (launchChanged(before, definition) && holdsPlace(agent)) change.relaunch.push(agent);
      else if (shownChanged(before, definition)) change.reshown.push(agent);
    }
    for (const [name, agent] of this.#agents) {
      if (next.has(name)) continue;
      this.#departing.add(agent);
      change.removed.push(agent);
    }
    this.#agents = next;
    this.changed();
    return change;
  }

  /** A removed agent's process is gone: it holds no place anymore. */
  departed(agent: AgentRecord): void {
    this.#departing.delete(agent);
  }

  /** Wakes whoever waits for a change of the agents (`until`). */
  changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** Resolves once `condition` holds, looked at after each change. */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await this.nextChange();
  }

  /** Resolves at the next change of the agents. */
  nextChange(): Promise<void> {
    return new Promise((resolve) => {
      const listener = () => {
        this.#listeners.delete(listener);
        resolve();
      };
      this.#listeners.add(listener);
    });
  }
}
