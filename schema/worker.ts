/**
 * What the host and an agent worker say to each other across the thread boundary (DESIGN.md,
 * "The shape"): the launch and the seed the host gives, the events the worker posts on its port,
 * and the API it exposes through `workers/rpc.ts`. Types only, shared by `host/` and `workers/`:
 * the host may not import the worker's code, only what both sides agree on.
 */
import type { AgentFailure, AgentState, ProcessExit } from './agents.ts';
import type { ImageMimeType } from './attachments.ts';
import type { AgentPolicy, ConfigCurrent } from './config.ts';
import type { Conversation, ConversationEvent } from './conversation.ts';
import type { ElicitationAction, ElicitationContent } from './elicitation.ts';
import type { WorkerInspectionRecord } from './inspector.ts';
import type { Result } from './result.ts';

/** The ACP session a conversation continues (CONTRACT.md §6): its id, and the cwd it was made in. */
export interface AcpSessionRecord {
  id: string;
  cwd: string;
}

/** How to run an agent, resolved from the configuration (paths absolute, env merged). */
export interface AgentLaunch {
  name: string;
  command: string;
  args: readonly string[];
  /** The agent's environment: the host's minus its `SWITCHBOARD_*`, plus the configuration's `env`. */
  env: Readonly<Record<string, string>>;
  cwd: string;
  /**
   * Switchboard's own files and folders (configurations, the state dir): the agent's `fs/*`
   * refuses them whatever its `cwd`.
   */
  ownFiles?: readonly string[];
  /** The agent mesh's MCP server, offered to the agent in `session/new`. */
  mesh?: MeshLaunch;
}

/** How an agent reaches the mesh's MCP server (host/mesh/MeshServer.ts). */
export interface MeshLaunch {
  url: string;
  /** Says which agent calls: one per run. */
  bearer: string;
  /** The stdio bridge to `url`, for an agent that does not speak MCP over HTTP. */
  bridge: { command: string; args: readonly string[] };
}

/** What a worker's conversation starts from: the host's copy of it, and the ACP session it had. */
export interface WorkerSeed {
  conversation: Conversation;
  session: AcpSessionRecord | null;
}

/** Events from an agent worker, posted on its event port in the order they happen. */
export type AgentWorkerEvent =
  | {
      type: 'state';
      state: AgentState;
      /** In the stop sequence: the process is still alive but on its way out. */
      stopping: boolean;
      outdated: boolean;
      failure: AgentFailure | null;
      exit: ProcessExit | null;
    }
  | { type: 'log'; line: string }
  /**
   * The agent's process was spawned in its own process group, led by `pid`; `marker` is the value
   * of `SWITCHBOARD_AGENT_RUN` its run's processes carry.
   */
  | { type: 'spawned'; pid: number; marker?: string }
  /** The process groups that hold something of the run (the agent's, its terminals', what left them). */
  | { type: 'processes'; groups: number[] }
  /** The events of the conversation `conversation` (its id), in order, batched. */
  | { type: 'conversation'; conversation: string; events: ConversationEvent[] }
  /** The conversation `conversation` has an ACP session open: the one to continue next time. */
  | { type: 'session'; conversation: string; session: AcpSessionRecord }
  /** A turn needs the agent: the host starts it (limits apply) or calls `agentUnavailable`. */
  | { type: 'wantsAgent' }
  /** The turn that wanted the agent no longer waits (Cancel): its start, if waiting, is withdrawn. */
  | { type: 'agentNotWanted' }
  /** XState inspection of the worker's actors, while watched (`inspect(true)`). */
  | { type: 'inspection'; records: WorkerInspectionRecord[] }
  /** The answer to the host's `sync` `id`: every event before it has been posted. */
  | { type: 'synced'; id: number };

/**
 * The host's side of the event port: how many characters of the agent's log it has taken off the
 * port. The worker stops reading the agent's stderr while too much of it is on its way
 * (`AgentActor`'s `logBytesInFlight`), so an agent that writes faster than a busy host reads waits
 * in its pipe instead of the host's memory. `sync` asks for a `synced` after every event the
 * worker has to post: the port keeps order, so what a call did is in the host's copy then.
 */
export type HostPortMessage = { type: 'logRead'; bytes: number } | { type: 'sync'; id: number };

/**
 * An attachment of `send`, checked by the host (`host/services/promptAttachments.ts`): an image
 * with its bytes (base64), or a file of the agent's `cwd` by its real path, with its text when it
 * is small UTF-8 (embedded if the agent takes embedded context).
 */
export type PromptAttachment =
  | { kind: 'image'; id: string; mimeType: ImageMimeType; size: number; data: string }
  | { kind: 'file'; path: string; realPath: string; size: number; text?: string };

/** What a login terminal runs: the agent's own program, with a `terminal` method's additions. */
export interface LoginLaunch {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
}

/** How a login terminal's program ended: its code, or the signal that ended it. */
export interface LoginExit {
  exitCode: number | null;
  signal: string | null;
}

/** A terminal's size in characters. */
export interface TerminalSize {
  cols: number;
  rows: number;
}

/** The API an agent worker exposes through `workers/rpc.ts`. Outcomes arrive as events. */
export interface AgentWorkerApi {
  /** Starts a run of the agent as `launch` says (its definition may have changed since the last). */
  start(launch: AgentLaunch): void;
  stop(): void;
  idleStop(): void;
  evict(): void;
  use(): void;
  release(): void;
  definitionChanged(): void;
  /** The last stderr lines of this run, oldest first. */
  logs(): string[];
  /** The language of what the worker words itself. */
  setLanguage(language: ConfigCurrent['language']): void;
  /** The agent's `budget` or permission rules changed in the configuration. */
  setPolicy(policy: AgentPolicy): void;
  /** `ChatService.Send`: the new message's id. */
  send(text: string, attachments?: readonly PromptAttachment[]): string;
  cancel(): void;
  answerPermission(id: string, optionId: string): Result<void>;
  /** `ChatService.SetMode`, `SetOption`: set in the session now if one is open, and in the next. */
  setMode(modeId: string): Promise<Result<void>>;
  setOption(optionId: string, value: string | boolean): Promise<Result<void>>;
  /** `ChatService.AnswerElicitation`, its content checked by the host. */
  answerElicitation(
    id: string,
    action: ElicitationAction,
    content?: ElicitationContent,
  ): Result<void>;
  /** `ChatService.KillTerminal`: `not-found` when the agent's run holds no such terminal. */
  killTerminal(terminalId: string): Result<void>;
  /**
   * `ChatService.Authenticate`: `authenticate`, then the turn that waited for it goes on. A
   * `terminal` way must have ended with code 0 in its login terminal first.
   */
  authenticate(methodId: string): Promise<Result<void>>;
  /**
   * What the `terminal` way `methodId` runs (the host runs it in a login terminal), and its
   * command line as the user reads it; `not-found` unless a turn waits for a login it offers.
   */
  loginLaunch(methodId: string): Result<{ launch: LoginLaunch; command: string }>;
  /** The host opened the login terminal `id` for `methodId`: the conversation shows it. */
  loginOpened(id: string, methodId: string, command: string): void;
  /** What the login terminal `id` wrote (`login:output`). */
  loginOutput(id: string, data: string): void;
  /** The login terminal `id` ended; `note` is added to its output (why it could not start). */
  loginEnded(id: string, exit: LoginExit, note?: string): void;
  /** The host could not start the agent for a waiting turn. */
  agentUnavailable(reason: string): void;
  conversation(): Conversation;
  /**
   * The agent's current conversation is another one (`ChatService.New`, `Open`): the turns of the
   * one held stop at once (the host ends them in its copy), and `seed` takes its place.
   */
  replaceConversation(seed: WorkerSeed): void;
  /** Forwards the actors' inspection events (`inspection`) while `on`. */
  inspect(on: boolean): void;
}
