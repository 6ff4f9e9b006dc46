import type { ConversationEvent } from '../schema/conversation.ts';

/** Whether `next` only appends text to the part `last` already writes to. */
const appendsTo = (last: ConversationEvent, next: ConversationEvent): boolean =>
  last.name === 'message:delta' &&
  next.name === 'message:delta' &&
  next.data.text !== undefined &&
  last.data.messageId === next.data.messageId &&
  last.data.index === next.data.index &&
  (last.data.text !== undefined ||
    last.data.part?.kind === 'text' ||
    last.data.part?.kind === 'thought');

const merged = (last: ConversationEvent, text: string): ConversationEvent => {
  if (last.name !== 'message:delta') return last;
  const { part } = last.data;
  if (part && (part.kind === 'text' || part.kind === 'thought')) {
    return { ...last, data: { ...last.data, part: { ...part, text: part.text + text } } };
  }
  return { ...last, data: { ...last.data, text: (last.data.text ?? '') + text } };
};

/**
 * Conversation events on their way to the host, sent in batches: what arrives while a send is
 * due (before the event loop's next turn) goes with it, and text appended to the same part
 * becomes one delta. Nothing is reordered, and a lone delta leaves on the next turn.
 */
export class EventBatcher {
  #pending: ConversationEvent[] = [];
  #due = false;

  constructor(
    private readonly send: (events: ConversationEvent[]) => void,
    private readonly schedule: (task: () => void) => void = setImmediate,
  ) {}

  push(event: ConversationEvent): void {
    const last = this.#pending.at(-1);
    if (
      last &&
      event.name === 'message:delta' &&
      event.data.text !== undefined &&
      appendsTo(last, event)
    ) {
      this.#pending[this.#pending.length - 1] = merged(last, event.data.text);
    } else {
      this.#pending.push(event);
    }
    if (this.#due) return;
    this.#due = true;
    this.schedule(() => this.flush());
  }

  /** Sends what waits now: before an event of another kind, so the order holds across kinds. */
  flush(): void {
    this.#due = false;
    if (this.#pending.length === 0) return;
    const events = this.#pending;
    this.#pending = [];
    this.send(events);
  }
}
