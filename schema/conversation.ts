/**
 * Conversations on the wire (REFERENCE.md "Conversations", CONTRACT.md §5): the message model,
 * `ChatService.Conversation()`'s shape and the payloads of the conversation events.
 */

import type { MessageAttachment, PromptOffer } from './attachments.ts';
import type { ElicitationResolvedEvent, ElicitationView } from './elicitation.ts';

export type MessageRole = 'user' | 'agent' | 'system';

/** How an agent message ended with a reason (ACP `StopReason`). */
export type StopReason = 'end_turn' | 'cancelled' | 'max_tokens' | 'max_turn_requests' | 'refusal';

/**
 * A system message's code: REFERENCE.md's two, then `notice` (the agent's notice: its title and
 * description as text parts, `severity`) and `compaction` (the agent compacted its context: the
 * summary as text, `done` once over, `error` if it failed or was cancelled) and `over-budget` (the
 * agent's cost went past its `budget`: its text says so).
 */
export type SystemCode =
  'agent-restarted' | 'agent-unavailable' | 'notice' | 'compaction' | 'over-budget';

/** How much a notice matters (ACP's `NoticeSeverity`; an unknown one is `info`). */
export type NoticeSeverity = 'info' | 'warning' | 'error';

export type ToolKind =
  'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'think' | 'fetch' | 'other';

export type ToolStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export interface ToolLocation {
  path: string;
  line?: number;
}

/** A file change an agent proposes or made; `oldText` is `''` for a new file. */
export interface FileDiff {
  path: string;
  oldText: string;
  newText: string;
  newFile: boolean;
}

/** A tool call (CONTRACT.md §5). */
export interface ToolCallView {
  id: string;
  title: string;
  kind: ToolKind;
  status: ToolStatus;
  /** The call's input as compact JSON, `''` when the agent gave none. */
  input: string;
  /** What the tool returned, as text. */
  output: string;
  locations: ToolLocation[];
  diffs: FileDiff[];
  /** A rule of `permissions` answered its permission request (CONTRACT.md §8): which, and how. */
  rule?: { index: number; answer: 'allow' | 'reject' };
  /** The images its content holds (a screenshot, a picture read), base64; absent when none. */
  images?: ToolImage[];
  /** The terminals its content shows (CONTRACT.md §7), their output live; absent when none. */
  terminals?: TerminalView[];
}

/**
 * A terminal the agent made (`terminal/create`) as a tool call shows it: its output so far (the
 * last 64 KiB at the most: `truncated` when its front is cut), and how it ended once it has.
 */
export interface TerminalView {
  id: string;
  /** The command line, its arguments quoted where a shell would need it. */
  command: string;
  output: string;
  exitCode: number | null;
  signal: string | null;
  truncated: boolean;
}

/** An image of a tool call's content: PNG, JPEG, GIF or WebP, base64. */
export interface ToolImage {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  data: string;
}

export interface PlanEntryView {
  content: string;
  priority: 'high' | 'medium' | 'low';
  status: 'pending' | 'in_progress' | 'completed';
}

export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'thought'; text: string }
  | { kind: 'tool'; tool: ToolCallView }
  | { kind: 'plan'; entries: PlanEntryView[] };

export type PartKind = MessagePart['kind'];

export interface ChatMessage {
  id: string;
  agent: string;
  /** ISO 8601. */
  createdAt: string;
  role: MessageRole;
  parts: MessagePart[];
  /** False while an agent message is still arriving. */
  done: boolean;
  /** A user message waiting for the current answer to finish. */
  queued: boolean;
  stopReason?: StopReason;
  /** Why an agent message ended without a stop reason, or `cancelled` for a dropped message. */
  error?: string;
  code?: SystemCode;
  /** A `notice`'s. */
  severity?: NoticeSeverity;
  /** A user message's images and files (CONTRACT.md §7 `Send`); absent when none. */
  attachments?: MessageAttachment[];
}

export interface PermissionOption {
  optionId: string;
  name: string;
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';
}

/** A permission request waiting for the user (`permission:requested`). */
export interface PermissionRequestView {
  id: string;
  agent: string;
  /** The agent message whose turn asks. */
  messageId: string;
  toolCall: ToolCallView;
  options: PermissionOption[];
  /** Refusals the user already gave in this turn. */
  rejections: number;
}

/** What the session has cost so far, when the agent says (ACP's `Cost`). */
export interface UsageCost {
  amount: number;
  /** ISO 4217 (`USD`, `EUR`), or another unit such as `credits`. */
  currency: string;
}

export interface ContextUsage {
  used: number;
  /** 0 when unknown. */
  size: number;
  cost?: UsageCost;
}

export interface AgentCommand {
  name: string;
  description: string;
  /** What to type after the command, when the agent says (ACP's `input.hint`). */
  hint?: string;
}

/** A mode the agent's session can be in (ACP `SessionMode`: ask, plan, accept edits…). */
export interface SessionModeView {
  id: string;
  name: string;
  description: string;
}

/** The session's modes (CONTRACT.md §7), `null` when the agent offers none. */
export interface SessionModes {
  current: string;
  available: SessionModeView[];
}

/** One of the values a select option takes. */
export interface ConfigOptionValue {
  value: string;
  name: string;
}

/**
 * One of the session's ACP config options (CONTRACT.md §7): a model, a reasoning level… A
 * `select` takes one of `values`; a `boolean` is on or off, and has no values.
 */
export type ConfigOptionView = {
  id: string;
  name: string;
  /** ACP's category: `mode`, `model`, `model_config`, `thought_level`, or the agent's own. */
  category: string;
} & (
  | { type: 'select'; current: string; values: ConfigOptionValue[] }
  | { type: 'boolean'; current: boolean; values: [] }
);

/** A way the agent can log the user in (ACP `AuthMethod`): `ChatService.Authenticate` takes its id. */
export interface AuthMethodView {
  id: string;
  name: string;
  description: string;
  /**
   * ACP's method type: `agent` (the agent logs in by itself on `authenticate`), `env_var` (it
   * reads the variables of `env`), or `terminal` (its own login, run in a terminal of the app).
   */
  type: 'agent' | 'env_var' | 'terminal';
  /**
   * The environment variables the method reads, and whether the agent's environment has each
   * (never its value): `Authenticate`'s `env` sets them in the agent's `env`.
   */
  env: { name: string; set: boolean }[];
}

/**
 * The terminal a `terminal` login runs in (an extension to CONTRACT.md §7): the agent's own
 * program with the method's arguments, which the user types into (`ChatService.WriteTerminal`).
 * `output` is its last 64 KiB; `length` counts every character it ever wrote, so a client that
 * folds `login:output` knows what is new even once the front of `output` is cut.
 */
export interface LoginTerminalView extends TerminalView {
  methodId: string;
  length: number;
}

/** While the agent asks for a login: the ways it offers, and the terminal one of them runs in. */
export interface AuthView {
  methods: AuthMethodView[];
  terminal: LoginTerminalView | null;
}

/** What the agent's session offers and says of itself (`session:changed`). */
export interface SessionView {
  title: string;
  modes: SessionModes | null;
  options: ConfigOptionView[];
  /** While the agent asks for a login, the ways it offers. */
  auth: AuthView | null;
  /**
   * What the agent takes in a prompt besides text (its last run's `promptCapabilities`); absent:
   * unchanged.
   */
  prompt?: PromptOffer;
}

/** `ChatService.Conversation(agent)`. */
export interface Conversation {
  /** The conversation's id (CONTRACT.md §6): `ChatService.History`, `Open`, `Export` name it. */
  id: string;
  /** The agent's title for its session (`session_info_update`), else the start of the first user message. */
  title: string;
  messages: ChatMessage[];
  busy: boolean;
  /** How many user messages wait. */
  queued: number;
  usage: ContextUsage;
  commands: AgentCommand[];
  permissions: PermissionRequestView[];
  modes: SessionModes | null;
  options: ConfigOptionView[];
  auth: AuthView | null;
  /** Whether the agent takes images and embedded files (an extension to CONTRACT.md §7). */
  prompt: PromptOffer;
  /** What the agent asks the user to fill in or open, waiting (CONTRACT.md §7). */
  elicitations: ElicitationView[];
  /**
   * How many messages come before `messages`: `Conversation(name, last)` answers only the last
   * ones, and `Messages` the pages before (absent: `messages` is the whole conversation).
   */
  earlier?: number;
}

export interface MessageUpdatedEvent {
  agent: string;
  message: ChatMessage;
}

/** `text` is appended to part `index` (text, thought), or `part` replaces it (tool, plan). */
export interface MessageDeltaEvent {
  agent: string;
  messageId: string;
  index: number;
  kind: PartKind;
  text?: string;
  part?: MessagePart;
}

export interface TurnChangedEvent {
  agent: string;
  busy: boolean;
  queued: number;
}

export interface PermissionResolvedEvent {
  id: string;
  agent: string;
  /** The rule of `permissions` (its index, CONTRACT.md §8) that answered it, if one did. */
  rule?: number;
}

export interface UsageChangedEvent {
  agent: string;
  usage: ContextUsage;
}

/** Not in REFERENCE.md's table: the agent's slash commands changed (`Conversation().commands`). */
export interface CommandsChangedEvent {
  agent: string;
  commands: AgentCommand[];
}

/**
 * CONTRACT.md §7's `session:changed`: the agent named its session (`session_info_update`), its
 * modes or config options changed, or it asks for a login (or no longer does). Carries all of it.
 */
export interface SessionChangedEvent extends SessionView {
  agent: string;
}

/**
 * Not in CONTRACT.md's tables: what a login terminal (`auth.terminal`) wrote since the last one,
 * as it came (escape sequences and all).
 */
export interface LoginOutputEvent {
  agent: string;
  terminalId: string;
  data: string;
}

/** The events a conversation emits, in the order it emits them. */
export type ConversationEvent =
  | { name: 'message:updated'; data: MessageUpdatedEvent }
  | { name: 'message:delta'; data: MessageDeltaEvent }
  | { name: 'turn:changed'; data: TurnChangedEvent }
  | { name: 'permission:requested'; data: PermissionRequestView }
  | { name: 'permission:resolved'; data: PermissionResolvedEvent }
  | { name: 'usage:changed'; data: UsageChangedEvent }
  | { name: 'commands:changed'; data: CommandsChangedEvent }
  | { name: 'session:changed'; data: SessionChangedEvent }
  | { name: 'login:output'; data: LoginOutputEvent }
  | { name: 'elicitation:requested'; data: ElicitationView }
  | { name: 'elicitation:resolved'; data: ElicitationResolvedEvent };

/** The names of `ConversationEvent`s. */
export const conversationEventNames: ReadonlySet<string> = new Set<ConversationEvent['name']>([
  'message:updated',
  'message:delta',
  'turn:changed',
  'permission:requested',
  'permission:resolved',
  'usage:changed',
  'commands:changed',
  'session:changed',
  'login:output',
  'elicitation:requested',
  'elicitation:resolved',
]);

/** Whether an event of the host is one of a conversation's. */
export const isConversationEvent = (event: { name: string }): event is ConversationEvent =>
  conversationEventNames.has(event.name);

/**
 * Not in CONTRACT.md's tables: the agent's current conversation is another one (`ChatService.New`
 * or `Open`, from any client). A client that holds the agent's conversation drops it and asks
 * `Conversation(agent)` again; the events that follow are the new conversation's.
 */
export interface ConversationOpenedEvent {
  agent: string;
  id: string;
}

/** One conversation of `ChatService.History(agent)`, newest first. */
export interface ConversationSummary {
  id: string;
  title: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** How many messages it holds. */
  messages: number;
  /** It is the agent's current conversation. */
  current: boolean;
}

/** One result of `ChatService.Search(query)`, best match first. */
export interface SearchHit {
  agent: string;
  conversation: string;
  messageId: string;
  /** ISO 8601: when the message was written. */
  createdAt: string;
  /** The matching words in their context, as plain text (an ellipsis where it was cut). */
  snippet: string;
}
