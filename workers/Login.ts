import type { AuthView, ConversationEvent, LoginTerminalView } from '../schema/conversation.ts';
import { commandLine } from './ClientTerminals.ts';
import type { ConversationAgent } from './conversationOptions.ts';
import { errorText } from './errorText.ts';
import {
  LoginTerminal,
  type LoginExit,
  type LoginLaunch,
  type LoginTerminalHandlers,
  type TerminalSize,
} from './LoginTerminal.ts';
import type { Result } from './protocol.ts';

/** The size a login terminal starts with, until the app says how much room it has. */
const initialSize: TerminalSize = { cols: 80, rows: 24 };

export interface LoginOptions {
  agent: string;
  link: Pick<ConversationAgent, 'authMethods' | 'authenticate' | 'loginLaunch'>;
  /** The conversation's `auth` now: not `null` while a turn waits for a login. */
  auth(): AuthView | null;
  /** Shows `auth` (`session:changed`). */
  change(auth: AuthView | null): void;
  emit(event: ConversationEvent): void;
  newId(): string;
  /** The user logged in: the turn that waited goes on. */
  loggedIn(): void;
  /** The process group of the login terminal that runs, `undefined` once none does. */
  onGroup?(pid: number | undefined): void;
}

/** A login terminal: what the app sees of it, and its program once it started. */
interface Terminal {
  view: LoginTerminalView;
  process: LoginTerminal | undefined;
}

const notFound = (message: string): Result<never> => ({
  ok: false,
  error: { kind: 'not-found', message },
});

/**
 * The login a turn waits for (CONTRACT.md §7, `auth`): the ways the agent offers, ACP's
 * `authenticate` for the agent's own, and the terminal a `terminal` way runs in — the agent's
 * program with the method's arguments, which the user types into from the app. A terminal login
 * that ends with code 0 lets the waiting turn go on: the host restarts the agent first, as ACP
 * asks of a client after a terminal login.
 *
 * See protocol docs: [Authentication](https://agentclientprotocol.com/protocol/v1/authentication)
 */
export class Login {
  #terminal: Terminal | undefined;

  constructor(private readonly options: LoginOptions) {}

  /** A turn waits for a login: the agent's ways are shown. */
  ask(): void {
    this.#close();
    this.options.change({ methods: this.options.link.authMethods(), terminal: null });
  }

  /** No turn waits for a login anymore: its terminal, if one runs, is killed. */
  forget(): void {
    this.#close();
    this.options.change(null);
  }

  /**
   * `ChatService.Authenticate`: `authenticate` for a way the agent logs in by itself; for a
   * `terminal` way, the terminal it ran in must have ended with code 0.
   */
  async authenticate(methodId: string): Promise<Result<void>> {
    const method = this.#offered(methodId);
    if (!method) return notFound(`no login method ${methodId}`);
    if (method.type === 'terminal') {
      const terminal = this.#terminal?.view;
      if (terminal?.methodId !== methodId || terminal.exitCode !== 0) {
        return notFound(`the login of ${methodId} has not ended well in a terminal`);
      }
    } else {
      try {
        await this.options.link.authenticate(methodId);
      } catch (error) {
        return { ok: false, error: { kind: 'io', message: errorText(error) } };
      }
    }
    this.options.loggedIn();
    return { ok: true, value: undefined };
  }

  /**
   * Runs a `terminal` way in a new terminal (the one still running of the same way is joined
   * instead); resolves with how it ended.
   */
  async runInTerminal(methodId: string): Promise<Result<LoginExit>> {
    const method = this.#offered(methodId);
    const launch =
      method?.type === 'terminal' ? this.options.link.loginLaunch(methodId) : undefined;
    if (!launch) return notFound(`no terminal login ${methodId}`);
    const running = this.#terminal;
    if (running?.process?.running && running.view.methodId === methodId) {
      return { ok: true, value: await running.process.ended };
    }
    this.#close();
    const view = this.#newView(methodId, launch);
    const terminal: Terminal = { view, process: undefined };
    this.#terminal = terminal;
    this.#show();
    try {
      const handlers = this.#handlers(terminal);
      terminal.process = await LoginTerminal.start(launch, initialSize, handlers);
    } catch (error) {
      // node-pty could not be loaded, or the system has no pseudo-terminal left.
      this.#ended(terminal, { exitCode: -2, signal: null }, `${errorText(error)}\r\n`);
      return { ok: true, value: { exitCode: -2, signal: null } };
    }
    // Forgotten while it started: it goes at once.
    if (this.#terminal !== terminal) terminal.process.kill(true);
    else this.options.onGroup?.(terminal.process.pid);
    return { ok: true, value: await terminal.process.ended };
  }

  /** `ChatService.WriteTerminal`: what the user typed, to the login terminal that runs. */
  write(terminalId: string, data: string): Result<void> {
    const process = this.#running(terminalId);
    if (!process) return notFound(`no login terminal ${terminalId} runs`);
    process.write(data);
    return { ok: true, value: undefined };
  }

  /** `ChatService.ResizeTerminal`: the room the app has for it. */
  resize(terminalId: string, size: TerminalSize): Result<void> {
    const process = this.#running(terminalId);
    if (!process) return notFound(`no login terminal ${terminalId} runs`);
    process.resize(size);
    return { ok: true, value: undefined };
  }

  /** Whether `terminalId` is the login terminal (running or ended). */
  has(terminalId: string): boolean {
    return this.#terminal?.view.id === terminalId;
  }

  /** `ChatService.KillTerminal` of the login terminal: SIGTERM, then SIGKILL. */
  kill(terminalId: string): Result<void> {
    const process = this.#running(terminalId);
    if (!process) return notFound(`no login terminal ${terminalId} runs`);
    process.kill();
    return { ok: true, value: undefined };
  }

  /** The conversation is closed: a login terminal that runs is killed at once. */
  close(): void {
    this.#close();
  }

  #offered(methodId: string) {
    return this.options.auth()?.methods.find(({ id }) => id === methodId);
  }

  #running(terminalId: string): LoginTerminal | undefined {
    const terminal = this.#terminal;
    if (terminal?.view.id !== terminalId || !terminal.process?.running) return undefined;
    return terminal.process;
  }

  #newView(methodId: string, launch: LoginLaunch): LoginTerminalView {
    return {
      id: `login-${this.options.newId()}`,
      methodId,
      command: commandLine(launch.command, launch.args),
      output: '',
      length: 0,
      exitCode: null,
      signal: null,
      truncated: false,
    };
  }

  #handlers(terminal: Terminal): LoginTerminalHandlers {
    const current = () => this.#terminal === terminal;
    return {
      output: (data) => {
        if (!current()) return;
        const { agent } = this.options;
        this.options.emit({
          name: 'login:output',
          data: { agent, terminalId: terminal.view.id, data },
        });
        // The conversation's copy (the fold) is what `#show` starts from.
        terminal.view = this.options.auth()?.terminal ?? terminal.view;
      },
      exit: (exit) => {
        if (!current()) return;
        this.options.onGroup?.(undefined);
        this.#ended(terminal, exit);
      },
    };
  }

  #ended(terminal: Terminal, exit: LoginExit, note = ''): void {
    if (this.#terminal !== terminal) return;
    const { output, length } = terminal.view;
    if (note !== '') {
      terminal.view = { ...terminal.view, output: output + note, length: length + note.length };
    }
    terminal.view = { ...terminal.view, ...exit };
    this.#show();
  }

  #show(): void {
    const auth = this.options.auth();
    if (auth) this.options.change({ ...auth, terminal: this.#terminal?.view ?? null });
  }

  #close(): void {
    const terminal = this.#terminal;
    this.#terminal = undefined;
    if (terminal?.process?.running) {
      terminal.process.kill(true);
      this.options.onGroup?.(undefined);
    }
  }
}
