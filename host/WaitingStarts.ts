import { ServiceError } from './ServiceError.ts';

/** Who may want an agent started: a `Start` call, or the conversation (a turn waiting for it). */
export type Wanter = 'user' | 'conversation';

/** A waiting start that was withdrawn: it never launched. */
export class StartWithdrawn extends ServiceError {}

interface WaitingStart {
  byUser: boolean;
  byConversation: boolean;
  withdrawn: AbortController;
  /** Settles once the agent is launched, or the start refused or withdrawn. */
  launched: Promise<void>;
}

/**
 * The starts that have no process yet, waiting for a place (behind an eviction, a stop, another
 * start), one per agent at most, with who still wants each (docs/decisions.md, "A waiting
 * start"). Withdrawn, a start never launches.
 *
 * @example
 * const waiting = new WaitingStarts<string>();
 * const started = waiting.join('b', 'conversation', (withdrawn) => admitAndLaunch('b', withdrawn));
 * waiting.withdraw('b', 'stopped'); // { turnWaited: true }: end the turn that waited
 */
export class WaitingStarts<Agent> {
  readonly #starts = new Map<Agent, WaitingStart>();

  /**
   * Waits for `agent`'s start, `by` among those who want it. The first to want it runs `launch`,
   * which must look at `withdrawn` before it launches and after each wait.
   */
  join(agent: Agent, by: Wanter, launch: (withdrawn: AbortSignal) => Promise<void>): Promise<void> {
    let waiting = this.#starts.get(agent);
    if (!waiting) {
      const withdrawn = new AbortController();
      const started: WaitingStart = {
        byUser: false,
        byConversation: false,
        withdrawn,
        launched: launch(withdrawn.signal),
      };
      this.#starts.set(agent, started);
      const forget = () => {
        if (this.#starts.get(agent) === started) this.#starts.delete(agent);
      };
      started.launched.then(forget, forget);
      waiting = started;
    }
    if (by === 'user') waiting.byUser = true;
    else waiting.byConversation = true;
    return waiting.launched;
  }

  /**
   * Withdraws what `reason` says of `agent`'s waiting start: a stop (its removal, the host
   * quitting) all of it; the conversation only its own wish, the start going on if a `Start` still
   * wants it. Says whether a turn waited for the start withdrawn, `undefined` if none was.
   */
  withdraw(agent: Agent, reason: 'stopped' | 'conversation'): { turnWaited: boolean } | undefined {
    const waiting = this.#starts.get(agent);
    if (!waiting) return undefined;
    const turnWaited = waiting.byConversation;
    if (reason === 'conversation') {
      waiting.byConversation = false;
      if (waiting.byUser) return undefined;
    }
    this.#starts.delete(agent);
    waiting.withdrawn.abort();
    return { turnWaited };
  }
}
