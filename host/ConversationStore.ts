import { randomUUID } from 'node:crypto';
import {
  applyConversationEvent,
  emptyConversation,
  interruptedTurnEvents,
} from '../machines/conversationFold.ts';
import {
  isConversationEvent,
  type Conversation,
  type PermissionRequestView,
} from '../schema/conversation.ts';
import type { HostEvent } from '../schema/events.ts';
import type { ConversationKeeper } from './Supervisor.ts';

/**
 * The host's copy of every conversation: the fold of the events it publishes, exactly what a
 * client that saw them all holds. It answers `ChatService.Conversation()` without asking a
 * worker, and outlives workers: a new worker of an agent starts from it.
 */
export class ConversationStore implements ConversationKeeper {
  readonly #conversations = new Map<string, Conversation>();
  /** Who waits for a message to arrive, by message id. */
  readonly #waiting = new Map<string, () => void>();

  /** `publish` sends an event to the clients, through `observe`. */
  constructor(private readonly publish: (event: HostEvent) => void) {}

  /** Every event the host publishes goes through here first. */
  observe(event: HostEvent): void {
    if (!isConversationEvent(event)) return;
    const name = event.data.agent;
    let conversation = this.#conversations.get(name);
    if (!conversation) {
      conversation = emptyConversation();
      this.#conversations.set(name, conversation);
    }
    applyConversationEvent(conversation, event);
    if (event.name === 'message:updated') {
      this.#waiting.get(event.data.message.id)?.();
      this.#waiting.delete(event.data.message.id);
    }
  }

  /**
   * Resolves once the message `id` is here. A worker answers on one port and posts its events on
   * another: `Send` waits for its message, so a `Conversation()` that follows holds it.
   */
  arrival(name: string, id: string): Promise<void> {
    const conversation = this.#conversations.get(name);
    if (conversation?.messages.some((message) => message.id === id)) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.set(id, resolve));
  }

  get(name: string): Conversation {
    return structuredClone(this.#conversations.get(name) ?? emptyConversation());
  }

  /** The pending permission request `id`, whichever agent asked. */
  permission(id: string): PermissionRequestView | undefined {
    for (const conversation of this.#conversations.values()) {
      const request = conversation.permissions.find((candidate) => candidate.id === id);
      if (request) return request;
    }
    return undefined;
  }

  seed(name: string): Conversation | undefined {
    const conversation = this.#conversations.get(name);
    return conversation && structuredClone(conversation);
  }

  interrupted(name: string, error: string): void {
    const conversation = this.#conversations.get(name);
    if (!conversation) return;
    const newMessage = () => ({ id: randomUUID(), createdAt: new Date().toISOString() });
    for (const event of interruptedTurnEvents(conversation, name, error, newMessage)) {
      this.publish(event);
    }
  }

  forget(name?: string): void {
    if (name === undefined) this.#conversations.clear();
    else this.#conversations.delete(name);
  }
}
