/**
 * One prompt turn of the built-in agent: everything it tells the client while
 * it answers (thoughts, plan, tool calls, streamed text), stopped by a cancel.
 *
 * See protocol docs: https://agentclientprotocol.com/protocol/v1/prompt-turn
 */
import {
  methods,
  type AgentContext,
  type PlanEntry,
  type RequestPermissionRequest,
  type SessionUpdate,
  type ToolCallLocation,
  type ToolKind,
} from '@agentclientprotocol/sdk';
import { sayIn, type Language, type MessageKey, type Say } from '../../locales/translate.ts';
import { streamText } from './streaming.ts';

/** What the agent keeps of a session between turns. */
export type Session = {
  id: string;
  cwd: string;
  /** The language Switchboard last said (`_meta`), in which the session's next turn speaks. */
  language: Language;
  alwaysAllowRun: boolean;
  toolCalls: number;
  turn?: AbortController;
};

/** The end of a tool call, as reported to the client. */
export type ToolResult = { status: 'completed' | 'failed'; text: string; rawOutput?: unknown };

/**
 * A command of the built-in agent: the plan it announces (before the final
 * "write the answer" entry) and the work that produces its answer's text.
 * `run` calls `turn.step()` between its plan entries.
 */
export type Command = {
  description: MessageKey;
  hint?: MessageKey;
  plan: (t: Say, argument: string) => string[];
  run: (turn: Turn, argument: string) => Promise<string>;
};

/** The user's answer to a permission request. */
export type Permission = 'once' | 'always' | 'rejected' | 'cancelled';

const permissionOptions = [
  { optionId: 'allow-once', name: 'builtin.permission.once', kind: 'allow_once' },
  { optionId: 'allow-always', name: 'builtin.permission.always', kind: 'allow_always' },
  { optionId: 'reject-once', name: 'builtin.permission.reject', kind: 'reject_once' },
] as const;

/**
 * The updates and requests the agent sends while it answers one prompt. Every
 * update but a tool call's end rejects with an AbortError once `signal` aborts,
 * which ends the turn with the `cancelled` stop reason.
 */
export class Turn {
  readonly #client: AgentContext;
  #plan: PlanEntry[] = [];
  /** A sentence of `locales/` in the session's language, as it was when the turn began. */
  readonly t: Say;

  constructor(
    client: AgentContext,
    readonly session: Session,
    readonly signal: AbortSignal,
  ) {
    this.#client = client;
    const { language } = session;
    this.t = sayIn(() => language);
  }

  /** The session's working folder. */
  get cwd(): string {
    return this.session.cwd;
  }

  /** Sends a `session/update`; rejects once the turn is cancelled. */
  async update(update: SessionUpdate): Promise<void> {
    this.signal.throwIfAborted();
    await this.#send(update);
  }

  #send(update: SessionUpdate): Promise<void> {
    return this.#client.notify(methods.client.session.update, {
      sessionId: this.session.id,
      update,
    });
  }

  /** Shares a short piece of reasoning. */
  think(text: string): Promise<void> {
    return this.update({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });
  }

  /** Announces the plan (all pending), then starts its first entry. */
  async plan(entries: string[]): Promise<void> {
    this.#plan = entries.map((content) => ({ content, priority: 'medium', status: 'pending' }));
    await this.update({ sessionUpdate: 'plan', entries: this.#plan });
    await this.step();
  }

  /** Completes the entry in progress and starts the next one. */
  async step(): Promise<void> {
    const current = this.#plan.findIndex((entry) => entry.status === 'in_progress');
    const next = this.#plan.findIndex((entry) => entry.status === 'pending');
    this.#plan = this.#plan.map((entry, index) =>
      index === current
        ? { ...entry, status: 'completed' }
        : index === next
          ? { ...entry, status: 'in_progress' }
          : entry,
    );
    await this.update({ sessionUpdate: 'plan', entries: this.#plan });
  }

  /** Completes every entry but the last, and starts the last one. */
  async startLastStep(): Promise<void> {
    const last = this.#plan.length - 1;
    this.#plan = this.#plan.map((entry, index) => ({
      ...entry,
      status: index === last ? 'in_progress' : 'completed',
    }));
    await this.update({ sessionUpdate: 'plan', entries: this.#plan });
  }

  /** Marks every entry of the plan completed. */
  async finishPlan(): Promise<void> {
    this.#plan = this.#plan.map((entry) => ({ ...entry, status: 'completed' }));
    await this.update({ sessionUpdate: 'plan', entries: this.#plan });
  }

  /** Announces a tool call and returns its id. */
  async startTool(call: {
    title: string;
    kind: ToolKind;
    rawInput: unknown;
    status?: 'pending' | 'in_progress';
    locations?: ToolCallLocation[];
  }): Promise<string> {
    this.session.toolCalls += 1;
    const toolCallId = `tool-${this.session.toolCalls}`;
    await this.update({
      sessionUpdate: 'tool_call',
      toolCallId,
      ...call,
      status: call.status ?? 'in_progress',
    });
    return toolCallId;
  }

  /** Reports the end of a tool call; after a cancel it is still sent, as failed. */
  async endTool(toolCallId: string, result: ToolResult): Promise<void> {
    const { status, text, rawOutput } = this.signal.aborted
      ? { status: 'failed' as const, text: this.t('builtin.tool.cancelled'), rawOutput: undefined }
      : result;
    await this.#send({
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status,
      content: [{ type: 'content', content: { type: 'text', text } }],
      ...(rawOutput === undefined ? {} : { rawOutput }),
    });
  }

  /** Runs `work` as a tool call that reports its result, or fails if `work` throws. */
  async tool<T extends ToolResult>(
    call: Parameters<Turn['startTool']>[0],
    work: (toolCallId: string) => Promise<T>,
  ): Promise<T> {
    const toolCallId = await this.startTool(call);
    try {
      const result = await work(toolCallId);
      await this.endTool(toolCallId, result);
      return result;
    } catch (error) {
      await this.endTool(toolCallId, { status: 'failed', text: String(error) });
      throw error;
    }
  }

  /**
   * Asks the user whether the tool call may run.
   * See protocol docs: https://agentclientprotocol.com/protocol/v1/tool-calls#requesting-permission
   */
  async askPermission(toolCallId: string, title: string, rawInput: unknown): Promise<Permission> {
    try {
      const request: RequestPermissionRequest = {
        sessionId: this.session.id,
        toolCall: { toolCallId, title, kind: 'execute', status: 'pending', rawInput },
        options: permissionOptions.map((option) => ({ ...option, name: this.t(option.name) })),
      };
      const { outcome } = await this.#client.request(
        methods.client.session.requestPermission,
        request,
        // A cancel stops the wait at once, and tells the client with `$/cancel_request`.
        { cancellationSignal: this.signal, stopWaitingOnCancel: true },
      );
      if (outcome.outcome === 'cancelled') return 'cancelled';
      if (outcome.optionId === 'allow-once') return 'once';
      if (outcome.optionId === 'allow-always') return 'always';
      return 'rejected';
    } catch (error) {
      this.signal.throwIfAborted();
      throw error;
    }
  }

  /** Streams the answer's text a few words at a time. */
  say(text: string): Promise<void> {
    return streamText(
      text,
      (chunk) =>
        this.update({
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'text', text: chunk },
        }),
      { signal: this.signal },
    );
  }
}
