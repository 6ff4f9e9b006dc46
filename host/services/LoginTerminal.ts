import { constants } from 'node:os';
import type { IPty } from 'node-pty';
import type { LoginExit, LoginLaunch, TerminalSize } from '../../schema/worker.ts';
import { signalGroup } from '../../workers/rpc.ts';

export interface LoginTerminalHandlers {
  /** What the program wrote, as it came: at most every 25 ms, the first of a burst at once. */
  output(data: string): void;
  /** It ended; everything it wrote has been given to `output` first. */
  exit(exit: LoginExit): void;
}

/** How often output leaves at the most: a burst of a full-screen program is one event. */
const outputEveryMs = 25;
/** Output held past this pauses the program (flow control) until it has left. */
const maxHeldChars = 16 * 1024;
/** How long a killed program has between SIGTERM and SIGKILL. */
const killGraceMs = 2000;

const signalNames = new Map(
  Object.entries(constants.signals).map(([name, number]) => [number, name]),
);

/**
 * A program in a pseudo-terminal of its own (node-pty), for a login that needs one: the user types
 * into it from the app. Its program leads a session and a process group of its own, which a kill
 * ends whole. node-pty is loaded with the first login terminal, not with every worker.
 *
 * See protocol docs: [Terminal authentication](https://agentclientprotocol.com/protocol/v1/authentication#terminal-authentication)
 *
 * @example
 * const terminal = await LoginTerminal.start(launch, { cols: 80, rows: 24 }, { output, exit });
 * terminal.write('my-code\r');
 * const { exitCode } = await terminal.ended;
 */
export class LoginTerminal {
  readonly ended: Promise<LoginExit>;
  #held = '';
  #window: ReturnType<typeof setTimeout> | undefined;
  #paused = false;
  #killTimer: ReturnType<typeof setTimeout> | undefined;
  #exited = false;

  private constructor(
    private readonly pty: IPty,
    private readonly handlers: LoginTerminalHandlers,
  ) {
    pty.onData((data) => this.#received(data));
    this.ended = new Promise((resolve) =>
      pty.onExit(({ exitCode, signal }) => {
        this.#exited = true;
        clearTimeout(this.#killTimer);
        clearTimeout(this.#window);
        this.#flush();
        const ended: LoginExit = signal
          ? { exitCode: null, signal: signalNames.get(signal) ?? String(signal) }
          : { exitCode, signal: null };
        handlers.exit(ended);
        resolve(ended);
      }),
    );
  }

  static async start(
    launch: LoginLaunch,
    size: TerminalSize,
    handlers: LoginTerminalHandlers,
  ): Promise<LoginTerminal> {
    const { spawn } = await import('node-pty');
    const pty = spawn(launch.command, [...launch.args], {
      name: 'xterm-256color',
      cols: size.cols,
      rows: size.rows,
      cwd: launch.cwd,
      env: { TERM: 'xterm-256color', ...launch.env },
    });
    return new LoginTerminal(pty, handlers);
  }

  /** The program's process group (it leads one). */
  get pid(): number {
    return this.pty.pid;
  }

  get running(): boolean {
    return !this.#exited;
  }

  /** What the user typed or pasted. */
  write(data: string): void {
    if (!this.#exited) this.pty.write(data);
  }

  resize({ cols, rows }: TerminalSize): void {
    if (!this.#exited) this.pty.resize(cols, rows);
  }

  /** SIGTERM to its group, SIGKILL 2 s later if it still runs; `now`: SIGKILL at once. */
  kill(now = false): void {
    if (this.#exited) return;
    this.#signal(now ? 'SIGKILL' : 'SIGTERM');
    if (!now) this.#killTimer ??= setTimeout(() => this.#signal('SIGKILL'), killGraceMs);
  }

  #signal(signal: NodeJS.Signals): void {
    signalGroup(this.pty.pid, signal);
  }

  /** The first output of a burst leaves at once (an echo while typing), the rest together. */
  #received(data: string): void {
    this.#held += data;
    if (this.#window === undefined) this.#flush();
    else if (this.#held.length > maxHeldChars && !this.#paused) {
      this.#paused = true;
      this.pty.pause();
    }
  }

  #flush(): void {
    this.#window = undefined;
    if (this.#held === '') return;
    const data = this.#held;
    this.#held = '';
    this.handlers.output(data);
    if (this.#paused && !this.#exited) {
      this.#paused = false;
      this.pty.resume();
    }
    if (!this.#exited) this.#window = setTimeout(() => this.#flush(), outputEveryMs);
  }
}
