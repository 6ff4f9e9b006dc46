import type {
  ChatMessage,
  Conversation,
  ConversationEvent,
  MessagePart,
} from '../schema/conversation.ts';

/** A conversation with nothing in it yet. */
export const emptyConversation = (): Conversation => ({
  messages: [],
  busy: false,
  queued: 0,
  usage: { used: 0, size: 0 },
  commands: [],
  permissions: [],
});

/** The message with `id`, looked for from the end: events almost always touch the last ones. */
export function findMessage(conversation: Conversation, id: string): ChatMessage | undefined {
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    const message = conversation.messages[index];
    if (message?.id === id) return message;
  }
  return undefined;
}

const appendText = (part: MessagePart, text: string): MessagePart =>
  part.kind === 'text' || part.kind === 'thought' ? { ...part, text: part.text + text } : part;

/**
 * Applies one conversation event to `conversation`, in place: what every client does with the
 * events it receives, and what the host does to answer `ChatService.Conversation()`. A client that
 * folds every event since a `Conversation()` snapshot holds what `Conversation()` would say now.
 *
 * @example
 * const conversation = emptyConversation();
 * for (const event of events) applyConversationEvent(conversation, event);
 */
export function applyConversationEvent(conversation: Conversation, event: ConversationEvent): void {
  switch (event.name) {
    case 'message:updated': {
      const { message } = event.data;
      const index = conversation.messages.findLastIndex((known) => known.id === message.id);
      if (index === -1) conversation.messages.push(structuredClone(message));
      else conversation.messages[index] = structuredClone(message);
      return;
    }
    case 'message:delta': {
      const { messageId, index, text, part } = event.data;
      const message = findMessage(conversation, messageId);
      if (!message) return;
      if (part) {
        message.parts[index] = structuredClone(part);
      } else if (text !== undefined) {
        const existing = message.parts[index];
        message.parts[index] = existing
          ? appendText(existing, text)
          : { kind: event.data.kind === 'thought' ? 'thought' : 'text', text };
      }
      return;
    }
    case 'turn:changed':
      conversation.busy = event.data.busy;
      conversation.queued = event.data.queued;
      return;
    case 'permission:requested':
      conversation.permissions.push(structuredClone(event.data));
      return;
    case 'permission:resolved':
      conversation.permissions = conversation.permissions.filter(
        (request) => request.id !== event.data.id,
      );
      return;
    case 'usage:changed':
      conversation.usage = { ...event.data.usage };
      return;
    case 'commands:changed':
      conversation.commands = event.data.commands.map((command) => ({ ...command }));
      return;
  }
}

/**
 * The events that end what `conversation` had in flight when its worker is gone without a word:
 * pending permissions resolved, the arriving answer ended with `error` (or, for a turn still
 * waiting for its agent, a system message `agent-unavailable` made by `newMessage`), queued
 * messages dropped.
 */
export function interruptedTurnEvents(
  conversation: Conversation,
  agent: string,
  error: string,
  newMessage: () => { id: string; createdAt: string },
): ConversationEvent[] {
  const events: ConversationEvent[] = conversation.permissions.map(({ id }) => ({
    name: 'permission:resolved',
    data: { id, agent },
  }));
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
  return events;
}
