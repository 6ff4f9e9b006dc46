import { randomUUID } from 'node:crypto';
import type { HostEvent } from '../../schema/events.ts';
import type { LoginExit, LoginLaunch, TerminalSize } from '../../schema/worker.ts';
import { LoginTerminal } from './LoginTerminal.ts';

/** Where a login terminal's life is told: the agent's conversation, which shows it. */
export interface LoginTerminalSink {
  opened(id: string): Promise<void>;
  output(id: string, data: string): void;
  /** Resolves once the conversation shows how it ended. */
  ended(id: string, exit: LoginExit, note?: string): Promise<void>;
}

interface Running {
  id: string;
  methodId: string;
  /** Set once its program started. */
  terminal: LoginTerminal | undefined;
  ended: Promise<LoginExit>;
  /** Its conversation showed it: one that shows another since has let it go. */
  shown: boolean;
}

/** How a terminal that could not start ends (as an ACP terminal that cannot start does). */
const notStarted: LoginExit = { exitCode: -2, signal: null };

/** The size a login terminal starts with, until the app says how much room it has. */
const initialSize: TerminalSize = { cols: 80, rows: 24 };

/**
 * The login terminals the host runs (ACP terminal authentication), one per agent at most: the
 * agent's own program in a pseudo-terminal, typed into from the app. They live in the host's
 * main thread, not in the agent's worker: a worker whose pseudo-terminal's program still runs
 * cannot end (its end waits for the program). One is killed at once when its conversation no
 * longer shows it (`observe`: the login was cancelled, the worker died, another conversation
 * was opened), and with the host.
 *
 * See protocol docs: [Terminal authentication](https://agentclientprotocol.com/protocol/v1/authentication#terminal-authentication)
 */
export class LoginTerminals {
  readonly #running = new Map<string, Running>();

  /**
   * Runs `launch` for the agent's `terminal` way `methodId`, told to `sink`; resolves with how
   * it ended. Asked again for the same way while it runs, it joins it; another way's replaces it.
   */
  run(agent: string, methodId: string, launch: LoginLaunch, sink: LoginTerminalSink) {
    const running = this.#running.get(agent);
    if (running?.methodId === methodId) return running.ended;
    this.#kill(agent);
    const id = `login-${randomUUID()}`;
    const entry: Running = {
      id,
      methodId,
      terminal: undefined,
      ended: Promise.resolve(notStarted),
      shown: false,
    };
    entry.ended = this.#start(agent, entry, launch, sink);
    this.#running.set(agent, entry);
    return entry.ended;
  }

  async #start(
    agent: string,
    entry: Running,
    launch: LoginLaunch,
    sink: LoginTerminalSink,
  ): Promise<LoginExit> {
    const { id } = entry;
    const current = () => this.#running.get(agent) === entry;
    await sink.opened(id);
    let ended: (exit: LoginExit) => void = () => {};
    const exited = new Promise<LoginExit>((resolve) => (ended = resolve));
    try {
      entry.terminal = await LoginTerminal.start(launch, initialSize, {
        output: (data) => sink.output(id, data),
        exit: (exit) => {
          if (current()) this.#running.delete(agent);
          void sink.ended(id, exit).finally(() => ended(exit));
        },
      });
    } catch (error) {
      // node-pty could not be loaded, or the system has no pseudo-terminal left.
      if (current()) this.#running.delete(agent);
      await sink.ended(id, notStarted, `${(error as Error).message}\r\n`);
      return notStarted;
    }
    if (!current()) entry.terminal.kill(true); // replaced or dropped while it started
    return exited;
  }

  /** What the user typed into the agent's login terminal `id`; `false` if none such runs. */
  write(agent: string, id: string, data: string): boolean {
    const terminal = this.#terminal(agent, id);
    terminal?.write(data);
    return terminal !== undefined;
  }

  /** The room the app has for it; `false` if none such runs. */
  resize(agent: string, id: string, size: TerminalSize): boolean {
    const terminal = this.#terminal(agent, id);
    terminal?.resize(size);
    return terminal !== undefined;
  }

  /** `ChatService.KillTerminal` of a login terminal: SIGTERM, then SIGKILL; `false` if none runs. */
  kill(agent: string, id: string): boolean {
    const terminal = this.#terminal(agent, id);
    terminal?.kill();
    return terminal !== undefined;
  }

  /**
   * Kills a login terminal at once when its conversation no longer shows it: no login is asked
   * anymore, or another terminal is shown after it was, or another conversation was opened.
   */
  observe(event: HostEvent): void {
    if (event.name === 'conversation:opened') return this.#kill(event.data.agent);
    if (event.name !== 'session:changed') return;
    const running = this.#running.get(event.data.agent);
    if (!running) return;
    const { auth } = event.data;
    if (auth?.terminal?.id === running.id) running.shown = true;
    else if (auth === null || running.shown) this.#kill(event.data.agent);
  }

  /** Kills every login terminal at once (the host is exiting). */
  killAll(): void {
    for (const agent of [...this.#running.keys()]) this.#kill(agent);
  }

  #terminal(agent: string, id: string): LoginTerminal | undefined {
    const running = this.#running.get(agent);
    return running?.id === id && running.terminal?.running ? running.terminal : undefined;
  }

  #kill(agent: string): void {
    const running = this.#running.get(agent);
    this.#running.delete(agent);
    running?.terminal?.kill(true);
  }
}
