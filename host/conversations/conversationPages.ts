import type { ChatMessage, Conversation } from '../../schema/conversation.ts';

/**
 * `conversation` with only its last `last` messages and how many come before them (`earlier`),
 * or whole when `last` is not given or covers it: `ChatService.Conversation(name, last)`.
 */
export function lastMessages(conversation: Conversation, last?: number): Conversation {
  const earlier = conversation.messages.length - (last ?? Infinity);
  if (earlier <= 0) return conversation;
  return { ...conversation, messages: conversation.messages.slice(earlier), earlier };
}

/**
 * The messages that come before index `before`, at most `limit` of them (the last ones): a page
 * of what `lastMessages` left out (`ChatService.Messages`).
 */
export function messagesBefore(
  conversation: Conversation,
  before: number,
  limit: number,
): ChatMessage[] {
  const end = Math.min(before, conversation.messages.length);
  return conversation.messages.slice(Math.max(0, end - limit), end);
}
