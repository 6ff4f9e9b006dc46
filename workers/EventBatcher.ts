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

/** What a batch holds at most before it leaves without waiting for the loop's next turn. */
export const batchBounds = { events: 1024, textLength: 64 * 1024 };

/**
 * Conversation events on their way to the host, sent in batches: what arrives while a send is
 * due (before the event loop's next turn) goes with it, and text appended to the same part
 * becomes one delta. Nothing is reordered.
 *
 * An event that finds nothing waiting leaves at once, so the first words of an answer, and each
 * chunk of an agent that streams at a human pace, never wait for a batch: only what comes behind
 * it in the same turn of the loop (a burst read from the agent in one go) is batched. A batch
 * leaves early once it holds `batchBounds`: the host gets a flood in bounded pieces it can
 * interleave with other agents' events.
 */
export class EventBatcher {
  #pending: ConversationEvent[] = [];
  #textLength = 0;
  #due = false;

  constructor(
    private readonly send: (events: ConversationEvent[]) => void,
    private readonly schedule: (task: () => void) => void = setImmediate,
  ) {}

  push(event: ConversationEvent): void {
    if (!this.#due) {
      // Nothing waits: this one goes now, and whatever follows in this turn waits for the next.
      this.#due = true;
      this.schedule(() => this.flush());
      this.send([event]);
      return;
    }
    const last = this.#pending.at(-1);
    const text = event.name === 'message:delta' ? event.data.text : undefined;
    if (last && text !== undefined && appendsTo(last, event)) {
      this.#pending[this.#pending.length - 1] = merged(last, text);
    } else {
      this.#pending.push(event);
    }
    this.#textLength += text?.length ?? 0;
    if (this.#pending.length >= batchBounds.events || this.#textLength >= batchBounds.textLength) {
      this.#sendPending();
    }
  }

  /** Sends what waits now: before an event of another kind, so the order holds across kinds. */
  flush(): void {
    this.#due = false;
    this.#sendPending();
  }

  #sendPending(): void {
    this.#textLength = 0;
    if (this.#pending.length === 0) return;
    const events = this.#pending;
    this.#pending = [];
    this.send(events);
  }
}
