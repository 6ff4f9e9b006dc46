import type { Actor } from 'xstate';
import type { acpSessionMachine } from '../machines/acpSessionMachine.ts';
import type { turnMachine } from '../machines/turnMachine.ts';
import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import type {
  AuthMethodView,
  ContextUsage,
  ConversationEvent,
  PermissionOption,
  StopReason,
  ToolCallView,
} from '../schema/conversation.ts';
import type { Language } from '../locales/translate.ts';
import type { TerminalLookup } from './messageModel.ts';
import type { RuleAnswer } from './permissionRules.ts';
import type { SessionLink } from './AcpSession.ts';
import type {
  AcpSessionRecord,
  LoginLaunch,
  PromptAttachment,
  WorkerSeed,
} from '../schema/worker.ts';

/** What a conversation needs from its agent: its sessions, prompts and the lifecycle's `busy`. */
export interface ConversationAgent extends SessionLink {
  /** The agent is `ready` or `busy`, not on its way out: it can take a prompt now. */
  readonly available: boolean;
  /** Asks the host to start the agent (it applies the limits); `agentReady` or `agentUnavailable` follows. */
  requestStart(): void;
  /** The turn that asked for a start no longer waits for it. */
  withdrawStart(): void;
  /** `session/prompt` of `text` and `attachments`; rejects with the agent's error. */
  prompt(
    sessionId: string,
    text: string,
    attachments: readonly PromptAttachment[],
  ): Promise<StopReason>;
  /** `session/cancel`. */
  cancel(sessionId: string): void;
  /** `session/set_mode`; rejects with the agent's error. */
  setMode(sessionId: string, modeId: string): Promise<void>;
  /** `session/set_config_option`: the session's options after it; rejects with the agent's error. */
  setOption(
    sessionId: string,
    optionId: string,
    value: string | boolean,
  ): Promise<SessionConfigOption[]>;
  /** The ways to log in this run of the agent offered, as the app shows them. */
  authMethods(): AuthMethodView[];
  /** `authenticate` with one of them; rejects with the agent's error. */
  authenticate(methodId: string): Promise<void>;
  /** What the `terminal` way `methodId` runs: the agent's program with its additions. */
  loginLaunch(methodId: string): LoginLaunch | undefined;
  /** The agent becomes `busy` for a turn, then `ready` again. */
  use(): void;
  release(): void;
}

export interface ConversationOptions {
  agent: string;
  link: ConversationAgent;
  /** The language of what the conversation says itself (English when not given). */
  language?: () => Language;
  /** Receives every event, in order; the conversation's state is the fold of them. */
  emit: (event: ConversationEvent) => void;
  /** What a previous worker of this agent held, or the database (the host's copy). */
  seed?: WorkerSeed;
  /** A session was opened for the conversation: the host keeps it, to continue it later. */
  onSession?: (session: AcpSessionRecord) => void;
  newId?: () => string;
  now?: () => Date;
  /** Called with each turn's actor, named `turn:<user message id>`, before it starts. */
  onTurnActor?: (actor: Actor<typeof turnMachine>, name: string) => void;
  /** The sentence that says `usage`'s cost is past the agent's `budget`, if it is. */
  overBudget?: (usage: ContextUsage) => string | undefined;
  /** What a rule of `permissions` answers to a request for `tool`, if one does. */
  answerByRule?: (tool: ToolCallView, options: PermissionOption[]) => RuleAnswer | undefined;
  /** Called with the session's actor before it starts. */
  onSessionActor?: (actor: Actor<typeof acpSessionMachine>) => void;
  /** The terminals of the agent's run, for the tool calls that show them. */
  terminal?: TerminalLookup;
}
