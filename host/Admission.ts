import {
  admit,
  holdsPlace,
  idleAgents,
  type SupervisedAgent,
} from '../machines/supervisionPolicy.ts';
import type { Limits } from './agentDefinition.ts';
import type { AgentRecord, AgentRegistry } from './AgentRegistry.ts';
import type { Clock } from './Clock.ts';
import { sayIn, type Language } from './i18n.ts';
import { ServiceError } from './ServiceError.ts';
import { StartWithdrawn, WaitingStarts, type Wanter } from './WaitingStarts.ts';
import { TaskQueue } from './TaskQueue.ts';

export interface AdmissionOptions {
  agents: AgentRegistry;
  clock: Clock;
  /** How often idle agents are looked for (REFERENCE.md: every 30 s). */
  idleCheckIntervalMs: number;
  /** The configuration's limits and language, as they are now. */
  limits: () => Limits;
  language: () => Language;
  /** Launches an agent admitted: it holds a place from now on. */
  launch: (agent: AgentRecord) => void;
}

/**
 * Who may run (REFERENCE.md, "Limits"; docs/decisions.md, "Agent lifecycle"): at most
 * `maxRunningAgents` agents hold a place, a start at the limit evicts the least recently used
 * idle agent or waits for the agents on their way out and the starts in flight, and is refused
 * only when every place is `busy`; the starts that wait may be withdrawn; an agent left `ready`
 * for `stopIdleAgentsAfterMs` is stopped. The decisions are `supervisionPolicy`'s; this class
 * carries them out, one admission at a time.
 */
export class Admission {
  readonly #waiting = new WaitingStarts<AgentRecord>();
  /** The next look for idle agents (`Clock.setTimeout`); none once closed. */
  #idleCheck: unknown;
  /** Admissions one at a time, so two starts never take the same place or evict the same agent. */
  readonly #admissions = new TaskQueue();
  readonly #say = sayIn(() => this.options.language());
  #lastUse = 0;

  constructor(private readonly options: AdmissionOptions) {
    const { clock, idleCheckIntervalMs } = options;
    const check = () => {
      this.#stopIdleAgents();
      this.#idleCheck = clock.setTimeout(check, idleCheckIntervalMs);
    };
    this.#idleCheck = clock.setTimeout(check, idleCheckIntervalMs);
  }

  /**
   * Launches `agent` once the limits let it, with whoever else wants it started meanwhile; rejects
   * if it is refused (`limit`), or withdrawn before it launched (`withdraw`).
   */
  whenAdmitted(agent: AgentRecord, by: Wanter): Promise<void> {
    return this.#waiting.join(agent, by, (withdrawn) =>
      this.#admissions.run(() => this.#admitAndLaunch(agent, withdrawn)),
    );
  }

  /**
   * Withdraws what `reason` says of the agent's waiting start: a Stop (its removal, the host
   * quitting) all of it, and the turn that waited ends cancelled; the conversation its own wish,
   * the start going on if a `Start` still wants it.
   */
  withdraw(agent: AgentRecord, reason: 'stopped' | 'conversation'): void {
    const withdrawn = this.#waiting.withdraw(agent, reason);
    if (!withdrawn) return;
    if (reason === 'stopped' && withdrawn.turnWaited) {
      agent.waitingTurn = undefined;
      void agent.worker?.call((api) => api.cancel());
    }
    this.options.agents.changed();
  }

  /**
   * The time of a use, strictly after the previous one: two uses within the same millisecond
   * must still tell which was the least recent.
   */
  usedNow(): number {
    this.#lastUse = Math.max(this.options.clock.now(), this.#lastUse + 0.001);
    return this.#lastUse;
  }

  /** Stops looking for idle agents. */
  close(): void {
    this.options.clock.clearTimeout(this.#idleCheck);
  }

  async #admitAndLaunch(agent: AgentRecord, withdrawn: AbortSignal): Promise<void> {
    const { agents } = this.options;
    const { name } = agent.definition;
    const unlessWithdrawn = () => {
      if (withdrawn.aborted) {
        throw new StartWithdrawn('start-failed', this.#say('error.stoppedWhileStarting', { name }));
      }
    };
    for (;;) {
      unlessWithdrawn();
      if (holdsPlace(agent)) return;
      const decision = admit(this.#supervised(), this.options.limits().maxRunningAgents);
      switch (decision.kind) {
        case 'admit':
          return this.options.launch(agent);
        case 'evict': {
          const victim = agents.every().find((other) => other.definition.name === decision.agent);
          await victim?.worker?.send('evict');
          await agents.until(
            () => !victim || !holdsPlace(victim) || victim.state === 'busy' || withdrawn.aborted,
          );
          break;
        }
        case 'wait':
          await agents.nextChange();
          break;
        case 'refuse':
          throw new ServiceError(
            'limit',
            this.#say('error.limit', {
              count: decision.busy.length,
              names: decision.busy.join(', '),
              limit: decision.limit,
            }),
          );
      }
    }
  }

  #stopIdleAgents(): void {
    const now = this.options.clock.now();
    const { stopIdleAgentsAfterMs } = this.options.limits();
    const idle = new Set(idleAgents(this.#supervised(), now, stopIdleAgentsAfterMs));
    for (const agent of this.options.agents.every()) {
      if (idle.has(agent.definition.name)) void agent.worker?.send('idleStop');
    }
  }

  #supervised(): SupervisedAgent[] {
    return this.options.agents.every().map((agent) => ({
      name: agent.definition.name,
      state: agent.state,
      stopping: agent.stopping,
      lastUsedAt: agent.lastUsedAt,
    }));
  }
}
