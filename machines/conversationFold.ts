import type {
  ChatMessage,
  Conversation,
  ConversationEvent,
  MessageDeltaEvent,
  MessagePart,
} from '../schema/conversation.ts';
import { noPromptOffer } from '../schema/attachments.ts';

/** A conversation with nothing in it yet. */
export const emptyConversation = (id = ''): Conversation => ({
  id,
  title: '',
  messages: [],
  busy: false,
  queued: 0,
  usage: { used: 0, size: 0 },
  commands: [],
  permissions: [],
  modes: null,
  options: [],
  auth: null,
  prompt: noPromptOffer,
  elicitations: [],
});

/** The message with `id`, looked for from the end: events almost always touch the last ones. */
export function findMessage(conversation: Conversation, id: string): ChatMessage | undefined {
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    const message = conversation.messages[index];
    if (message?.id === id) return message;
  }
  return undefined;
}

const findMessageIndex = (conversation: Conversation, id: string): number =>
  conversation.messages.findLastIndex((message) => message.id === id);

/** `conversation` with nothing in flight: how a new worker of its agent takes it up. */
export const atRest = (conversation: Conversation): Conversation => ({
  ...conversation,
  busy: false,
  queued: 0,
  permissions: [],
  auth: null,
  elicitations: [],
});

/** Whether a conversation's messages show an agent that answered (a session it had then). */
export const hadAnswers = (conversation: Conversation): boolean =>
  conversation.messages.some((message) => message.role === 'agent');

/** How much of the first user message titles a conversation the agent did not name. */
export const titleLength = 80;

/** The title a user message gives a conversation: its first line, cut at `titleLength`. */
export function titleOf(message: ChatMessage): string {
  const text = message.parts.find((part) => part.kind === 'text')?.text ?? '';
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > titleLength ? `${line.slice(0, titleLength - 1).trimEnd()}…` : line;
}

const appendText = (part: MessagePart, text: string): MessagePart =>
  part.kind === 'text' || part.kind === 'thought' ? { ...part, text: part.text + text } : part;

function applyDelta(message: ChatMessage, event: MessageDeltaEvent): ChatMessage {
  const { index, text, part } = event;
  if (part) return { ...message, parts: replaceAt(message.parts, index, part) };
  if (text === undefined) return message;
  const existing = message.parts[index];
  const next: MessagePart = existing
    ? appendText(existing, text)
    : { kind: event.kind === 'thought' ? 'thought' : 'text', text };
  return { ...message, parts: replaceAt(message.parts, index, next) };
}

/** `items` with `item` at `index`, which may be one past the end. */
const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] =>
  index >= items.length ? [...items, item] : items.with(index, item);

/** The most of a login terminal's output a conversation keeps: it travels in every snapshot. */
export const loginOutputKept = 64 * 1024;

/** `output` and then `data`, its front cut to {@link loginOutputKept} (never inside a surrogate pair). */
function keptOutput(output: string, data: string): { output: string; cut: boolean } {
  const whole = output + data;
  if (whole.length <= loginOutputKept) return { output: whole, cut: false };
  let start = whole.length - loginOutputKept;
  const first = whole.charCodeAt(start);
  if (first >= 0xdc00 && first <= 0xdfff) start += 1; // the second half of a pair
  return { output: whole.slice(start), cut: true };
}

function appendLoginOutput(conversation: Conversation, terminalId: string, data: string) {
  const terminal = conversation.auth?.terminal;
  if (!conversation.auth || !terminal || terminal.id !== terminalId) return conversation;
  const { output, cut } = keptOutput(terminal.output, data);
  const grown = {
    ...terminal,
    output,
    length: terminal.length + data.length,
    truncated: terminal.truncated || cut,
  };
  return { ...conversation, auth: { ...conversation.auth, terminal: grown } };
}

/**
 * `conversation` after one event: a new conversation that shares with the old one everything the
 * event did not touch (a `message:delta` makes one new message and one new array of messages).
 * The one fold of the host (its copy of each conversation), the agent's worker (the conversation
 * itself) and the app (each `ChatService.Conversation()` snapshot and the events after it), so a
 * client that folds every event since a snapshot holds what `Conversation()` would say now. It
 * mutates nothing, the event included.
 *
 * @example
 * let conversation = emptyConversation();
 * for (const event of events) conversation = applyConversationEvent(conversation, event);
 */
export function applyConversationEvent(
  conversation: Conversation,
  event: ConversationEvent,
): Conversation {
  switch (event.name) {
    case 'message:updated': {
      const { message } = event.data;
      const index = findMessageIndex(conversation, message.id);
      const messages =
        index === -1
          ? [...conversation.messages, message]
          : conversation.messages.with(index, message);
      const titled =
        conversation.title === '' && message.role === 'user'
          ? titleOf(message)
          : conversation.title;
      return { ...conversation, messages, title: titled };
    }
    case 'message:delta': {
      const index = findMessageIndex(conversation, event.data.messageId);
      const message = conversation.messages[index];
      if (!message) return conversation;
      const messages = conversation.messages.with(index, applyDelta(message, event.data));
      return { ...conversation, messages };
    }
    case 'turn:changed':
      return { ...conversation, busy: event.data.busy, queued: event.data.queued };
    case 'permission:requested':
      return { ...conversation, permissions: [...conversation.permissions, event.data] };
    case 'permission:resolved':
      return {
        ...conversation,
        permissions: conversation.permissions.filter((request) => request.id !== event.data.id),
      };
    case 'usage:changed':
      return { ...conversation, usage: event.data.usage };
    case 'commands:changed':
      return { ...conversation, commands: event.data.commands };
    case 'login:output':
      return appendLoginOutput(conversation, event.data.terminalId, event.data.data);
    case 'elicitation:requested':
      return { ...conversation, elicitations: [...conversation.elicitations, event.data] };
    case 'elicitation:resolved':
      return {
        ...conversation,
        elicitations: conversation.elicitations.filter(({ id }) => id !== event.data.id),
      };
    case 'session:changed': {
      const { title, modes, options, auth, prompt } = event.data;
      return {
        ...conversation,
        title: title === '' ? conversation.title : title,
        modes,
        options,
        auth,
        prompt: prompt ?? conversation.prompt,
      };
    }
  }
}

/**
 * The events that end what `conversation` had in flight when its worker is gone without a word:
 * pending permissions and elicitations resolved, the arriving answer ended with `error` (or, for a turn still
 * waiting for its agent, a system message `agent-unavailable` made by `newMessage`), queued
 * messages dropped, a login no longer asked.
 */
export function interruptedTurnEvents(
  conversation: Conversation,
  agent: string,
  error: string,
  newMessage: () => { id: string; createdAt: string },
): ConversationEvent[] {
  const events: ConversationEvent[] = [
    ...conversation.permissions.map(({ id }): ConversationEvent => ({
      name: 'permission:resolved',
      data: { id, agent },
    })),
    ...conversation.elicitations.map(({ id }): ConversationEvent => ({
      name: 'elicitation:resolved',
      data: { id, agent },
    })),
  ];
  let answering = false;
  for (const message of conversation.messages) {
    if (message.role === 'agent' && !message.done) {
      answering = true;
      events.push({
        name: 'message:updated',
        data: { agent, message: { ...message, done: true, error } },
      });
    } else if (message.role === 'user' && message.queued) {
      events.push({
        name: 'message:updated',
        data: { agent, message: { ...message, queued: false, error: 'cancelled' } },
      });
    }
  }
  if (conversation.busy && !answering) {
    const message: ChatMessage = {
      ...newMessage(),
      agent,
      role: 'system',
      parts: [],
      done: true,
      queued: false,
      code: 'agent-unavailable',
      error,
    };
    events.push({ name: 'message:updated', data: { agent, message } });
  }
  if (conversation.busy || conversation.queued > 0) {
    events.push({ name: 'turn:changed', data: { agent, busy: false, queued: 0 } });
  }
  if (conversation.auth) {
    const { title, modes, options, prompt } = conversation;
    events.push({
      name: 'session:changed',
      data: { agent, title, modes, options, auth: null, prompt },
    });
  }
  return events;
}
