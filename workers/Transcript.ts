import type { SessionNotification, ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { applyConversationEvent, findMessage } from '../machines/conversationFold.ts';
import type {
  ChatMessage,
  Conversation as ConversationView,
  ConversationEvent,
  SessionView,
  SystemCode,
  TerminalView,
  ToolCallView,
} from '../schema/conversation.ts';
import type { TerminalLookup } from './messageModel.ts';
import { projectTool, projectUpdate, writeShown } from './sessionProjection.ts';

export interface TranscriptOptions {
  agent: string;
  /** Receives every event, in order. */
  emit: (event: ConversationEvent) => void;
  newId: () => string;
  now: () => Date;
  /** The terminals of the agent's run, for the tool calls that show them. */
  terminal?: TerminalLookup;
}

/**
 * What a conversation has said: its state, always the fold of the events it emitted, and the
 * events that add to it — messages, tool calls, what the session shows. It knows nothing of
 * turns: `Conversation` tells it which message is the answer still arriving.
 */
export class Transcript {
  #state: ConversationView;
  /** Session updates of kinds the message model does not show yet, the last of each kind. */
  readonly otherUpdates = new Map<string, SessionNotification['update']>();
  /** The message of each compaction the agent reported, by its id. */
  readonly #compactions = new Map<string, string>();

  constructor(
    start: ConversationView,
    private readonly options: TranscriptOptions,
  ) {
    this.#state = start;
  }

  get state(): ConversationView {
    return this.#state;
  }

  message(id: string | undefined): ChatMessage | undefined {
    return id === undefined ? undefined : findMessage(this.#state, id);
  }

  /** The message `id` while it still arrives (an answer not done). */
  arriving(id: string | undefined): ChatMessage | undefined {
    const message = this.message(id);
    return message && !message.done ? message : undefined;
  }

  add(fields: Partial<ChatMessage> & Pick<ChatMessage, 'role' | 'done'>): ChatMessage {
    const { agent } = this.options;
    const message: ChatMessage = {
      id: this.options.newId(),
      agent,
      createdAt: this.options.now().toISOString(),
      parts: [],
      queued: false,
      ...fields,
    };
    this.emit({ name: 'message:updated', data: { agent, message } });
    return message;
  }

  /** A system message of `code` that says `text`, unless the last message says just that. */
  say(code: SystemCode, text: string): void {
    const last = this.#state.messages.at(-1);
    if (last?.code === code && last.parts[0]?.kind === 'text' && last.parts[0].text === text)
      return;
    this.add({ role: 'system', code, parts: [{ kind: 'text', text }], done: true });
  }

  update(message: ChatMessage, change: Partial<ChatMessage>): void {
    const { agent } = this.options;
    this.emit({ name: 'message:updated', data: { agent, message: { ...message, ...change } } });
  }

  /** Adds or updates a tool call's part of the answer `answerId`; returns the call as it now is. */
  upsertTool(answerId: string | undefined, update: ToolCall | ToolCallUpdate): ToolCallView {
    const { agent, terminal } = this.options;
    const { tool, events } = projectTool(agent, this.arriving(answerId), update, terminal);
    for (const event of events) this.emit(event);
    return tool;
  }

  /**
   * A terminal's output or exit, in every tool call that shows it (an answer may be done while
   * its command still runs).
   */
  showTerminal(view: TerminalView): void {
    const { agent } = this.options;
    for (const message of this.#state.messages) {
      message.parts.forEach((part, index) => {
        if (part.kind !== 'tool' || !part.tool.terminals?.some((shown) => shown.id === view.id)) {
          return;
        }
        const terminals = part.tool.terminals.map((shown) => (shown.id === view.id ? view : shown));
        const tool = { ...part.tool, terminals };
        this.emit({
          name: 'message:delta',
          data: { agent, messageId: message.id, index, kind: 'tool', part: { kind: 'tool', tool } },
        });
      });
    }
  }

  /** Sets `fields` of tool call `toolCallId` in the answer `answerId`, if it shows it. */
  markTool(answerId: string | undefined, toolCallId: string, fields: Partial<ToolCallView>): void {
    const message = this.arriving(answerId);
    const index = message?.parts.findIndex(
      (part) => part.kind === 'tool' && part.tool.id === toolCallId,
    );
    const part = index === undefined ? undefined : message?.parts[index];
    if (!message || index === undefined || part?.kind !== 'tool') return;
    const tool = { ...part.tool, ...fields };
    this.emit({
      name: 'message:delta',
      data: {
        agent: this.options.agent,
        messageId: message.id,
        index,
        kind: 'tool',
        part: { kind: 'tool', tool },
      },
    });
  }

  /** A write through `fs/write_text_file`, a diff in the answer `answerId` if no tool call shows it. */
  showWrite(answerId: string | undefined, path: string, oldText: string | null, newText: string) {
    const id = `write:${this.options.newId()}`;
    const write = writeShown(this.arriving(answerId), id, path, oldText, newText);
    if (write) this.upsertTool(answerId, write);
  }

  /** A `session/update`, shown in the answer `answerId` arriving (or in the session's view). */
  project(answerId: string | undefined, { update }: SessionNotification): void {
    const { events, shown } = projectUpdate(this.arriving(answerId), update, {
      agent: this.options.agent,
      ...(this.options.terminal ? { terminal: this.options.terminal } : {}),
      session: () => this.sessionView(),
      newMessage: (compactionId) => {
        const id = this.options.newId();
        if (compactionId !== undefined) this.#compactions.set(compactionId, id);
        return { id, createdAt: this.options.now().toISOString() };
      },
      compaction: (compactionId) => this.message(this.#compactions.get(compactionId)),
    });
    if (!shown) this.otherUpdates.set(update.sessionUpdate, update);
    for (const event of events) this.emit(event);
  }

  sessionView(): SessionView {
    const { title, modes, options, auth, prompt } = this.#state;
    return { title, modes, options, auth, prompt };
  }

  changeSession(change: Partial<SessionView>): void {
    this.emit({
      name: 'session:changed',
      data: { agent: this.options.agent, ...this.sessionView(), ...change },
    });
  }

  /** `turn:changed`, if `busy` or `queued` changed. */
  announceTurn(busy: boolean, queued: number): void {
    if (this.#state.busy === busy && this.#state.queued === queued) return;
    this.emit({ name: 'turn:changed', data: { agent: this.options.agent, busy, queued } });
  }

  emit(event: ConversationEvent): void {
    this.#state = applyConversationEvent(this.#state, event);
    this.options.emit(event);
  }
}
