import type { AgentCapabilities, ClientConnection, Implementation } from '@agentclientprotocol/sdk';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import type { AgentFailure, ProcessExit } from '../schema/agents.ts';
import { acpStdio, maxLineLength } from './acpStdio.ts';
import { connectToAgent, initializeAgent, type ClientHandlers } from './acpHandshake.ts';
import type { AgentLaunch } from '../schema/worker.ts';
import { spawnAgent, type SpawnedAgent } from './spawnAgent.ts';
import { signalGroup } from './processGroup.ts';

/** What an agent process tells the one who runs it. */
export interface AgentProcessListener {
  spawned(pid: number): void;
  /** A line of stderr, or a stray line of stdout (prefixed), for the log. */
  log(line: string): void;
  /**
   * The agent answered `initialize` with ACP v1, these capabilities and who it is; `result` is
   * its answer as it wrote it (what the SDK's schema keeps of it drops some).
   */
  handshakeSucceeded(
    capabilities: AgentCapabilities,
    agentInfo: Implementation | null,
    result: unknown,
  ): void;
  handshakeFailed(failure: AgentFailure): void;
  /** The agent's process is gone (or never came: then after `handshakeFailed`). */
  exited(exit: ProcessExit): void;
}

/** How long a failed handshake waits for the process's exit, which says more (its code). */
const exitGraceMs = 250;
/** How long an exited agent's stdout and stderr may take to be read to their end. */
const stdoutDrainMs = 200;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One run of an agent: its process, led in a process group of its own so that a stop reaches
 * what it started (a model server behind a wrapper script), and the ACP connection on its stdio.
 */
export class AgentProcess {
  #child: ChildProcessWithoutNullStreams | undefined;
  #connection: ClientConnection | undefined;
  #exited = false;
  /** The process has exited: what it left is being read, and no longer held back. */
  #ending = false;
  #exitedPromise: Promise<void> | undefined;
  #stderr: Interface | undefined;
  /** The agent's answer to `initialize`, as it wrote it. */
  #initializeResult: unknown;

  constructor(
    private readonly launch: AgentLaunch,
    private readonly listener: AgentProcessListener,
    private readonly handlers: ClientHandlers,
  ) {}

  get connection(): ClientConnection | undefined {
    return this.#connection;
  }

  /** Resolves once the process's exit was reported (`exited`), after what it wrote was read. */
  get ended(): Promise<void> {
    return this.#exitedPromise ?? Promise.resolve();
  }

  /** Spawns the agent and runs the ACP handshake; every outcome goes to the listener. */
  spawn(): void {
    this.run(spawnAgent(this.launch));
  }

  /**
   * Runs the ACP handshake with an agent already spawned (by the worker's first lines, while its
   * code loaded); what happened to it meanwhile is reported as if it happened now.
   */
  run(spawned: SpawnedAgent): void {
    const { child, failed, exited, stdout, stderr, stdoutEnded, stderrEnded } = spawned;
    this.#child = child;
    // What the agent wrote before it died is read before its death is reported (a crash mid-turn
    // keeps every update it sent, a failed start its last stderr lines, even when it died before
    // this worker had loaded), unless a child it left behind holds its stdout or stderr open.
    this.#exitedPromise = Promise.race([
      exited.then(async (exit) => {
        // Read to its end, however far behind the host is.
        this.#ending = true;
        this.#stderr?.resume();
        await Promise.race([Promise.all([stdoutEnded, stderrEnded]), delay(stdoutDrainMs)]);
        await new Promise((next) => setImmediate(next)); // the lines read, to the connection
        this.#exited = true;
        this.#connection?.close();
        this.listener.exited(exit);
      }),
      failed.then((error) => {
        this.#exited = true;
        const reason = error.code === 'ENOENT' ? 'command not found' : error.message;
        const { command } = spawned.launch;
        this.listener.handshakeFailed({ kind: 'spawn-failed', command, reason });
        this.listener.exited({ code: null, signal: null });
      }),
    ]);
    if (child.pid === undefined) return;
    this.listener.spawned(child.pid);

    this.#stderr = createInterface({ input: stderr, crlfDelay: Infinity }).on('line', (line) =>
      this.listener.log(line.length <= maxLineLength ? line : `${line.slice(0, 200)}…`),
    );
    const stdio = acpStdio(
      child.stdin,
      stdout,
      (line) => this.listener.log(`stdout: ${line}`),
      (result) => (this.#initializeResult = result),
    );
    this.#connection = connectToAgent(stdio, this.handlers);
    void this.#handshake(this.#connection);
  }

  async #handshake(connection: ClientConnection): Promise<void> {
    const result = await initializeAgent(connection);
    if (result.ok) {
      const { capabilities, agentInfo } = result;
      return this.listener.handshakeSucceeded(capabilities, agentInfo, this.#initializeResult);
    }
    // A connection closed by the process's death is reported by the exit, with its code.
    await Promise.race([this.#exitedPromise, delay(exitGraceMs)]);
    if (!this.#exited) this.listener.handshakeFailed(result.failure);
  }

  /**
   * Stops reading the agent's stderr while it runs: its writes wait in the pipe (the lines
   * already read still come).
   */
  pauseLog(): void {
    if (!this.#ending) this.#stderr?.pause();
  }
  resumeLog(): void {
    this.#stderr?.resume();
  }

  /** Closes the agent's stdin: the first step of the stop sequence. */
  closeStdin(): void {
    this.#child?.stdin.end();
  }

  /** Sends `signal` to the agent's whole process group, if anything of it is left. */
  signalGroup(signal: NodeJS.Signals): void {
    signalGroup(this.#child?.pid, signal);
  }
}
