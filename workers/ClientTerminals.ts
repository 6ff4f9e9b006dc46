import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  RequestError,
  type CreateTerminalRequest,
  type TerminalExitStatus,
  type TerminalOutputResponse,
} from '@agentclientprotocol/sdk';
import type { TerminalView } from '../schema/conversation.ts';
import { commandLine } from '../schema/toolCommand.ts';
import { TerminalOutput } from './terminalOutput.ts';
import type { ProcessOwner, ProcessTracker } from './ProcessTracker.ts';
import { runVariable } from './processTree.ts';

/** The most output a terminal keeps when the agent names no `outputByteLimit`: floods stay bounded. */
const defaultOutputBytes = 1024 * 1024;
/** The most it keeps whatever `outputByteLimit` the agent names: 128 MiB for 32 terminals. */
const maxOutputBytes = 4 * 1024 * 1024;
/** The most of a terminal's output its view carries: it travels in every snapshot. */
const viewOutputBytes = 64 * 1024;
/** The most terminals an agent may hold at once (released ones do not count). */
const maxTerminals = 32;
/** How long a killed command has between SIGTERM and SIGKILL. */
const killGraceMs = 2000;
/** How often a running terminal's view is sent at the most. */
const viewEveryMs = 100;

/** Options of {@link ClientTerminals}. */
export interface ClientTerminalsOptions {
  /** The agent's own environment: its terminals start with it, plus what the agent asks for. */
  env: Readonly<Record<string, string>>;
  /** The agent's working folder: the default `cwd`. */
  cwd: string;
  /** The real path of `path` once it is one the agent may use (`ClientFiles.confine`). */
  confine(method: string, path: string): Promise<string>;
  /** Told of a terminal's view when its output or exit changed (at most every 100 ms). */
  onChange(view: TerminalView): void;
  /** The run's processes: each command's, and what it starts, wherever that goes. */
  processes: ProcessTracker;
}

interface Terminal {
  owner: ProcessOwner;
  view: Omit<TerminalView, 'output' | 'truncated'>;
  child: ChildProcess;
  output: TerminalOutput;
  exit: Promise<TerminalExitStatus>;
  exitStatus: TerminalExitStatus | undefined;
  /** The view is due to be sent (a timer runs). */
  due: ReturnType<typeof setTimeout> | undefined;
  killTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The client side of ACP's terminals for one agent run: each command in a process group of its
 * own, in a folder of the agent's `cwd`, its output kept to `outputByteLimit` (cut at the front,
 * on a character boundary). A command without `args` is a shell line (`/bin/sh -c`): agents send
 * `npm test` as one string as often as `npm` with `["test"]`. Killed with the agent's run.
 *
 * See protocol docs: [Terminals](https://agentclientprotocol.com/protocol/v1/terminals)
 *
 * @example
 * const terminals = new ClientTerminals({ env, cwd, confine, onChange: show });
 * const { terminalId } = await terminals.create({ sessionId, command: 'npm test' });
 * const { exitCode } = await terminals.waitForExit(terminalId);
 */
export class ClientTerminals {
  readonly #terminals = new Map<string, Terminal>();

  constructor(private readonly options: ClientTerminalsOptions) {}

  /** `terminal/create`: starts the command and answers at once with its terminal's id. */
  async create(request: CreateTerminalRequest): Promise<{ terminalId: string }> {
    const { command, args = [], env = [], outputByteLimit } = request;
    if (typeof command !== 'string' || command.trim() === '') {
      throw RequestError.invalidParams({ command }, 'terminal/create needs a command');
    }
    if (outputByteLimit != null && !(Number.isInteger(outputByteLimit) && outputByteLimit >= 0)) {
      throw RequestError.invalidParams({ outputByteLimit }, 'outputByteLimit must be a count');
    }
    if (this.#terminals.size >= maxTerminals) {
      const reason = `${maxTerminals} terminals are open: release one first`;
      throw RequestError.invalidRequest({ open: this.#terminals.size }, reason);
    }
    const cwd = await this.#folder(request.cwd ?? this.options.cwd);
    // Unique across runs and workers: a conversation's earlier tool calls keep their terminals.
    const terminalId = `term-${randomUUID()}`;
    const [file, argv] = args.length > 0 ? [command, args] : ['/bin/sh', ['-c', command]];
    const { processes } = this.options;
    const child = spawn(file, argv, {
      cwd,
      env: {
        ...this.options.env,
        ...Object.fromEntries(env.map((v) => [v.name, v.value])),
        // Last: the agent cannot take it off what the command starts.
        [runVariable]: `${processes.run}/${terminalId}`,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const terminal: Terminal = {
      owner: `terminal:${terminalId}`,
      view: { id: terminalId, command: commandLine(command, args), exitCode: null, signal: null },
      child,
      output: new TerminalOutput(Math.min(outputByteLimit ?? defaultOutputBytes, maxOutputBytes)),
      exit: new Promise((resolve) => {
        child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
        // A command that could not start (no such file): `close` follows with code -2.
        child.once('error', (error) => terminal.output.push(Buffer.from(`${error.message}\n`)));
      }),
      exitStatus: undefined,
      due: undefined,
      killTimer: undefined,
    };
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        terminal.output.push(chunk);
        this.#changed(terminal);
      });
    }
    void terminal.exit.then((status) => {
      terminal.exitStatus = status;
      const [exitCode, signal] = [status.exitCode ?? null, status.signal ?? null];
      terminal.view = { ...terminal.view, exitCode, signal };
      this.#changed(terminal, { now: true });
    });
    this.#terminals.set(terminalId, terminal);
    if (child.pid !== undefined) processes.add(child.pid, terminal.owner);
    return { terminalId };
  }

  /** `terminal/output`: what the command wrote so far, and how it ended if it has. */
  output(terminalId: string): TerminalOutputResponse {
    const terminal = this.#get(terminalId);
    const { text, truncated } = terminal.output.read();
    return terminal.exitStatus
      ? { output: text, truncated, exitStatus: terminal.exitStatus }
      : { output: text, truncated };
  }

  /** `terminal/wait_for_exit`. */
  waitForExit(terminalId: string): Promise<TerminalExitStatus> {
    return this.#get(terminalId).exit;
  }

  /** `terminal/kill` (or the user's Kill): SIGTERM to its group, SIGKILL if it lingers. */
  kill(terminalId: string): void {
    this.#kill(this.#get(terminalId));
  }

  /**
   * `terminal/release`: kills the command if it still runs, and forgets the terminal. What an
   * ended command left running in the background (a server) runs on, until the agent's run ends.
   */
  release(terminalId: string): void {
    const terminal = this.#get(terminalId);
    if (!terminal.exitStatus) this.#kill(terminal, 'SIGKILL');
    this.#terminals.delete(terminalId);
  }

  /** The view of a terminal of this run, if there is one. */
  view(terminalId: string): TerminalView | undefined {
    const terminal = this.#terminals.get(terminalId);
    return terminal && this.#viewOf(terminal);
  }

  /** Whether `terminalId` is a terminal this run holds. */
  has(terminalId: string): boolean {
    return this.#terminals.has(terminalId);
  }

  /** The agent's run ended: whatever its commands still run goes with it. */
  killAll(): void {
    for (const terminal of this.#terminals.values()) this.#kill(terminal, 'SIGKILL');
    this.#terminals.clear();
  }

  #get(terminalId: string): Terminal {
    const terminal = this.#terminals.get(terminalId);
    if (!terminal) {
      throw RequestError.invalidParams({ terminalId }, `no terminal ${String(terminalId)}`);
    }
    return terminal;
  }

  async #folder(path: string): Promise<string> {
    const real = await this.options.confine('terminal/create', path);
    const isFolder = await stat(real).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (!isFolder) throw RequestError.invalidParams({ cwd: path }, `${path} is not a folder`);
    return real;
  }

  /**
   * Signals the command's group and what it started, even once the command has exited (a
   * background job outlives its shell): `terminal/kill` and the user's Kill end it all.
   */
  #kill(terminal: Terminal, signal: NodeJS.Signals = 'SIGTERM'): void {
    const send = (sent: NodeJS.Signals) => this.options.processes.signal(sent, terminal.owner);
    send(signal);
    if (signal === 'SIGKILL' || terminal.killTimer) return;
    terminal.killTimer = setTimeout(() => send('SIGKILL'), killGraceMs);
    terminal.killTimer.unref();
  }

  #viewOf(terminal: Terminal): TerminalView {
    const { text, truncated } = terminal.output.read(viewOutputBytes);
    return { ...terminal.view, output: text, truncated };
  }

  /** Sends the view now (an exit), or within {@link viewEveryMs} (more output). */
  #changed(terminal: Terminal, { now = false } = {}): void {
    if (now) clearTimeout(terminal.due);
    else if (terminal.due) return;
    const send = () => {
      terminal.due = undefined;
      this.options.onChange(this.#viewOf(terminal));
    };
    if (now) send();
    else terminal.due = setTimeout(send, viewEveryMs);
  }
}
