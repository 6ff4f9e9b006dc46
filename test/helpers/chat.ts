import { expect } from 'vitest';
import { applyConversationEvent, emptyConversation } from '../../machines/conversationFold.ts';
import {
  isConversationEvent,
  type ChatMessage,
  type Conversation,
  type ConversationEvent,
  type PermissionRequestView,
} from '../../schema/conversation.ts';
import type { EventFrame, HostProcess, WireClient } from './hostProcess.ts';

/** A script for the fake agent's `--session` mode (see test/fixtures/fakeAgent.ts). */
export const script = (...steps: object[]): string => JSON.stringify(steps);

/** A permission's options as the tests' agents offer them: Allow and Reject, once; `always` first. */
export const permissionOptions = ({ always = false } = {}) => [
  ...(always ? [{ optionId: 'always', name: 'Always allow', kind: 'allow_always' }] : []),
  { optionId: 'yes', name: 'Allow', kind: 'allow_once' },
  { optionId: 'no', name: 'Reject', kind: 'reject_once' },
];

/** A step of a `--session` script: the agent asks permission for a pending tool call (`execute`). */
export const askPermission = (
  toolCall: {
    toolCallId: string;
    title: string;
    kind?: string;
    locations?: { path: string }[];
    rawInput?: unknown;
  },
  options: object[] = permissionOptions(),
) => ({ permission: { toolCall: { kind: 'execute', status: 'pending', ...toolCall }, options } });

export const conversationEvents = (events: EventFrame[], agent: string): ConversationEvent[] =>
  (events as unknown as ConversationEvent[]).filter(
    (event) => isConversationEvent(event) && event.data.agent === agent,
  );

/** What a client that saw `events` holds of `agent`'s conversation. */
function fold(events: EventFrame[], agent: string): Conversation {
  return conversationEvents(events, agent).reduce(applyConversationEvent, emptyConversation());
}

/** `host`, and a chat client connected to it. */
export async function withChat(
  host: HostProcess,
): Promise<{ host: HostProcess; chat: ChatClient }> {
  return { host, chat: new ChatClient(await host.connect()) };
}

/** A client of the wire that talks to agents. */
export class ChatClient {
  constructor(readonly wire: WireClient) {}

  async send(agent: string, text: string): Promise<string> {
    const response = await this.wire.call('ChatService.Send', [agent, text]);
    if (response.error) throw new Error(response.error.message);
    return response.result as string;
  }

  async conversation(agent: string): Promise<Conversation> {
    const response = await this.wire.call('ChatService.Conversation', [agent]);
    if (response.error) throw new Error(response.error.message);
    return response.result as Conversation;
  }

  folded(agent: string): Conversation {
    return fold(this.wire.events, agent);
  }

  /**
   * The agent message that answers the user message `id`: turns run in the order they were sent,
   * so the k-th user message that was not dropped gets the k-th answer.
   */
  answerTo(agent: string, id: string): ChatMessage | undefined {
    const messages = this.folded(agent).messages;
    const turns = messages.filter((message) => message.role === 'user' && !message.error);
    const answers = messages.filter(
      (message) => message.role === 'agent' || message.code === 'agent-unavailable',
    );
    const turn = turns.findIndex((message) => message.id === id);
    const answer = turn === -1 ? undefined : answers[turn];
    return answer?.role === 'agent' ? answer : undefined;
  }

  /** Waits until the answer to `id` is done, and returns it. */
  async answer(agent: string, id: string): Promise<ChatMessage> {
    await expect.poll(() => this.answerTo(agent, id)?.done, { timeout: 15_000 }).toBe(true);
    return this.answerTo(agent, id)!;
  }

  /** Waits for a pending permission request of `agent`, the `nth` one (from 0) seen. */
  async permission(agent: string, nth = 0): Promise<PermissionRequestView> {
    const requests = () =>
      conversationEvents(this.wire.events, agent).flatMap((event) =>
        event.name === 'permission:requested' ? [event.data] : [],
      );
    await expect.poll(() => requests().length, { timeout: 15_000 }).toBeGreaterThan(nth);
    return requests()[nth]!;
  }

  /** Waits for the conversation to be idle, then checks `Conversation()` equals the fold. */
  async settled(agent: string): Promise<Conversation> {
    await expect.poll(() => this.folded(agent).busy, { timeout: 15_000 }).toBe(false);
    const snapshot = await this.conversation(agent);
    // The events never name the conversation they belong to: the snapshot does.
    expect({ ...this.folded(agent), id: snapshot.id }).toEqual(snapshot);
    return snapshot;
  }
}

/** The text of an agent message: its text parts, joined. */
export const textOf = (message: ChatMessage | undefined): string =>
  (message?.parts ?? []).flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('');

/** Runs a script on `agent`, waits for its answer, and returns its text (one chunk per step). */
export async function runScript(
  chat: ChatClient,
  agent: string,
  ...steps: object[]
): Promise<string> {
  const answer = await chat.answer(agent, await chat.send(agent, script(...steps)));
  expect(answer.error).toBeUndefined();
  return textOf(answer);
}

/** A script step that calls `tool` of the first MCP server the agent was given (the mesh's). */
export const mcpStep = (tool: string, args: Record<string, unknown> = {}) => ({
  mcp: { tool, arguments: args },
});
