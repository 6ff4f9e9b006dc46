import { createActor, type Actor } from 'xstate';
import { acpSessionMachine, type SessionOpening } from '../machines/acpSessionMachine.ts';
import type { AcpSessionRecord } from '../schema/worker.ts';
import { errorText } from './errorText.ts';
import { isLoginRequired, LoginRequired } from './loginRequired.ts';

/** How a conversation reaches its agent's sessions, for this run of the agent. */
export interface SessionLink {
  /** What this run advertised in `initialize`. */
  capabilities(): { canResume: boolean; canLoad: boolean };
  /** `session/new` in the agent's cwd; rejects with the agent's reason. */
  newSession(): Promise<AcpSessionRecord>;
  /** `session/load`: the agent replays the session while it answers (updates for `record.id`). */
  loadSession(record: AcpSessionRecord): Promise<void>;
  /** `session/resume`: the agent takes the session up again, replaying nothing. */
  resumeSession(record: AcpSessionRecord): Promise<void>;
}

export interface AcpSessionOptions {
  link: SessionLink;
  /** A session is open: made anew (`restarted` when one was lost), loaded or resumed. */
  opened: (record: AcpSessionRecord, how: SessionOpening, restarted: boolean) => void;
  /** The session the conversation had before this worker, if any. */
  restored?: AcpSessionRecord | null;
  /** Called with the session's actor, named `session`, before it starts. */
  onActor?: (actor: Actor<typeof acpSessionMachine>) => void;
}

interface Waiter {
  resolve: (id: string) => void;
  reject: (error: Error) => void;
}

/**
 * A conversation's ACP session across the runs of its agent: the `acpSessionMachine` actor and the
 * requests it asks for. `open()` gives the turn that needs it a session id — the one it has, or one
 * resumed, loaded or made for this run.
 */
export class AcpSession {
  readonly #actor: Actor<typeof acpSessionMachine>;
  /** Who waits for the session being opened. */
  #waiting: Waiter[] = [];
  /** Counts requests and runs: an answer to an older one is not this run's. */
  #generation = 0;

  constructor(private readonly options: AcpSessionOptions) {
    const { link } = options;
    this.#actor = createActor(
      acpSessionMachine.provide({
        actions: {
          requestNew: () => this.#settle(link.newSession()),
          requestLoad: (_, record) => this.#settle(link.loadSession(record).then(() => record)),
          requestResume: (_, record) => this.#settle(link.resumeSession(record).then(() => record)),
          opened: ({ event }, { how, restarted }) => {
            if (event.type !== 'session.opened') return;
            options.opened(event.session, how, restarted);
            this.#answer((waiter) => waiter.resolve(event.session.id));
          },
          openFailed: (_, { error, loginRequired }) =>
            this.#answer((waiter) =>
              waiter.reject(loginRequired ? new LoginRequired(error) : new Error(error)),
            ),
        },
      }),
    );
    options.onActor?.(this.#actor);
    this.#actor.start();
    if (options.restored !== undefined) {
      this.#actor.send({ type: 'session.restored', session: options.restored });
    }
  }

  /** The id of the open session, for which updates count. */
  get id(): string | undefined {
    const snapshot = this.#actor.getSnapshot();
    return snapshot.matches('open') ? snapshot.context.session?.id : undefined;
  }

  /**
   * The session being continued (loaded or resumed) or open: updates for it belong to the
   * conversation (a load's replay is told apart by the turn, which has no answer yet).
   */
  get knownId(): string | undefined {
    const snapshot = this.#actor.getSnapshot();
    if (snapshot.matches('open')) return snapshot.context.session?.id;
    if (snapshot.matches({ opening: 'load' }) || snapshot.matches({ opening: 'resume' })) {
      return snapshot.context.session?.id;
    }
    return undefined;
  }

  /** A session is being made, loaded or resumed. */
  get opening(): boolean {
    return this.#actor.getSnapshot().matches('opening');
  }

  /**
   * The open session's id; opens one first (resumed, loaded or new) if there is none. Rejects
   * with the agent's reason, a `LoginRequired` when it refused until the user logs in.
   */
  open(): Promise<string> {
    const id = this.id;
    if (id !== undefined) return Promise.resolve(id);
    const opened = new Promise<string>((resolve, reject) =>
      this.#waiting.push({ resolve, reject }),
    );
    if (!this.#actor.getSnapshot().matches('opening')) {
      this.#actor.send({ type: 'session.open', ...this.options.link.capabilities() });
    }
    return opened;
  }

  /** The agent's process is gone: whoever waits for a session is told so. */
  agentGone(reason: string): void {
    this.#generation++;
    this.#actor.send({ type: 'session.agentGone' });
    this.#answer((waiter) => waiter.reject(new Error(reason)));
  }

  /** The conversation is over (replaced by another): the actor stops. */
  close(): void {
    this.#actor.stop();
  }

  /** Sends the request's outcome, unless the agent has gone (or another request began) since. */
  #settle(request: Promise<AcpSessionRecord>): void {
    const generation = ++this.#generation;
    const current = () => generation === this.#generation;
    request.then(
      (session) => {
        if (current()) this.#actor.send({ type: 'session.opened', session });
      },
      (error: unknown) => {
        if (!current()) return;
        const loginRequired = isLoginRequired(error);
        this.#actor.send({ type: 'session.failed', error: errorText(error), loginRequired });
      },
    );
  }

  #answer(each: (waiter: Waiter) => void): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const waiter of waiting) each(waiter);
  }
}
