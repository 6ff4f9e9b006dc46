import type { AuthView, ConversationEvent, LoginTerminalView } from '../schema/conversation.ts';
import { commandLine } from '../schema/toolCommand.ts';
import type { ConversationAgent } from './conversationOptions.ts';
import { errorText } from './errorText.ts';
import type { LoginExit, LoginLaunch } from '../schema/worker.ts';
import type { Result } from '../schema/result.ts';

export interface LoginOptions {
  agent: string;
  link: Pick<ConversationAgent, 'authMethods' | 'authenticate' | 'loginLaunch'>;
  /** The conversation's `auth` now: not `null` while a turn waits for a login. */
  auth(): AuthView | null;
  /** Shows `auth` (`session:changed`). */
  change(auth: AuthView | null): void;
  emit(event: ConversationEvent): void;
  /** The user logged in: the turn that waited goes on. */
  loggedIn(): void;
}

const notFound = (message: string): Result<never> => ({
  ok: false,
  error: { kind: 'not-found', message },
});

/**
 * The login a turn waits for (CONTRACT.md §7, `auth`), as the conversation shows it: the ways the
 * agent offers, ACP's `authenticate` for the agent's own, and the terminal a `terminal` way runs
 * in. The host runs that terminal's program (`host/services/LoginTerminals.ts`: a pseudo-terminal
 * must not live in a worker, whose end would wait for it) and tells what it writes and how it
 * ends; one that ends with code 0 lets the waiting turn go on, once the host restarted the agent.
 *
 * See protocol docs: [Authentication](https://agentclientprotocol.com/protocol/v1/authentication)
 */
export class Login {
  constructor(private readonly options: LoginOptions) {}

  /** A turn waits for a login: the agent's ways are shown. */
  ask(): void {
    this.options.change({ methods: this.options.link.authMethods(), terminal: null });
  }

  /** No turn waits for a login anymore (the host kills a login terminal no longer shown). */
  forget(): void {
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
      const terminal = this.options.auth()?.terminal;
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

  /** What a `terminal` way runs, and its command line as the user reads it. */
  launch(methodId: string): Result<{ launch: LoginLaunch; command: string }> {
    const method = this.#offered(methodId);
    const launch: LoginLaunch | undefined =
      method?.type === 'terminal' ? this.options.link.loginLaunch(methodId) : undefined;
    if (!launch) return notFound(`no terminal login ${methodId}`);
    return { ok: true, value: { launch, command: commandLine(launch.command, launch.args) } };
  }

  /** The host opened a login terminal: shown in place of any other. */
  opened(id: string, methodId: string, command: string): void {
    const auth = this.options.auth();
    if (!auth) return;
    const terminal: LoginTerminalView = {
      id,
      methodId,
      command,
      output: '',
      length: 0,
      exitCode: null,
      signal: null,
      truncated: false,
    };
    this.options.change({ ...auth, terminal });
  }

  /** What the login terminal `id` wrote, if it is the one shown. */
  output(id: string, data: string): void {
    if (this.options.auth()?.terminal?.id !== id) return;
    const { agent } = this.options;
    this.options.emit({ name: 'login:output', data: { agent, terminalId: id, data } });
  }

  /** The login terminal `id` ended; `note` (why it could not start) ends its output. */
  ended(id: string, exit: LoginExit, note = ''): void {
    if (note !== '') this.output(id, note);
    const auth = this.options.auth();
    if (!auth?.terminal || auth.terminal.id !== id) return;
    this.options.change({ ...auth, terminal: { ...auth.terminal, ...exit } });
  }

  #offered(methodId: string) {
    return this.options.auth()?.methods.find(({ id }) => id === methodId);
  }
}
