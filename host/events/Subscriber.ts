import type { EventRing } from './EventRing.ts';
import type { DropReason, Sink, Subscription } from './Sink.ts';

/** How far behind a caught-up subscriber may fall before it is dropped. */
export interface QueueBounds {
  maxQueuedFrames: number;
  maxQueuedBytes: number;
}

/**
 * One subscriber of the event bus. Its queue is a cursor into the ring, never a copy: the frames
 * it owes are `next..ring.lastSeq` (after a pending resync frame), so a slow client costs O(1)
 * memory, and replay and live frames flow through the same cursor in seq order.
 *
 * It is dropped (`sink.close('too-slow')`) when
 * - the ring overwrites a frame it has not written yet (a replay slower than the overwrite), or
 * - once it has caught up with the live stream, it owes more than `maxQueuedFrames` frames or
 *   `maxQueuedBytes` bytes.
 * A replay owes frames the ring holds anyway, so until it catches up only the ring bounds it.
 */
export class Subscriber implements Subscription {
  readonly #ring: EventRing;
  readonly #sink: Sink;
  readonly #bounds: QueueBounds;
  readonly #detach: (subscriber: Subscriber) => void;
  #next: number;
  #resync: string | undefined;
  #live: boolean;
  #writable = true;
  #drains = 0;
  #pumping = false;
  #closed = false;
  /** Frames that are not events (responses), each due once the events before it are written. */
  readonly #replies: { after: number; frame: string }[] = [];

  constructor(
    ring: EventRing,
    sink: Sink,
    bounds: QueueBounds,
    detach: (subscriber: Subscriber) => void,
    next: number,
    resync: string | undefined,
  ) {
    this.#ring = ring;
    this.#sink = sink;
    this.#bounds = bounds;
    this.#detach = detach;
    this.#next = next;
    this.#resync = resync;
    this.#live = next > ring.lastSeq;
    sink.onDrain(() => this.#drained());
  }

  get closed(): boolean {
    return this.#closed;
  }

  get queuedFrames(): number {
    if (this.#closed) return 0;
    const resync = this.#resync === undefined ? 0 : 1;
    return resync + this.#replies.length + this.#ring.lastSeq - this.#next + 1;
  }

  /**
   * Sends `frame` (a response) after every event published so far: what a response reports has
   * reached the client before it, and what it does not is still to come.
   */
  send(frame: string): void {
    if (this.#closed) return;
    this.#replies.push({ after: this.#ring.lastSeq, frame });
    this.#pump();
  }

  get queuedBytes(): number {
    if (this.#closed) return 0;
    return this.#ring.totalBytes - this.#ring.totalBytesThrough(this.#next - 1);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#resync = undefined;
    this.#replies.length = 0;
    this.#detach(this);
  }

  /** Writes what the sink takes now: the resync frame, then the replay. */
  start(): void {
    this.#pump();
  }

  /** The bus pushed a frame into the ring. O(1) unless the sink takes frames. */
  published(): void {
    if (this.#closed) return;
    if (this.#next < this.#ring.oldestSeq) return this.#drop('too-slow');
    this.#pump();
    if (
      this.#live &&
      (this.queuedFrames > this.#bounds.maxQueuedFrames ||
        this.queuedBytes > this.#bounds.maxQueuedBytes)
    ) {
      this.#drop('too-slow');
    }
  }

  #drained(): void {
    if (this.#closed) return;
    this.#writable = true;
    this.#drains++;
    this.#pump();
  }

  #pump(): void {
    // A drain listener run from inside write() lands here: the loop below carries on.
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#writable && !this.#closed) {
        const frame = this.#take();
        if (frame === undefined) break;
        const drains = this.#drains;
        let accepted: boolean;
        try {
          accepted = this.#sink.write(frame);
        } catch {
          this.#drop('write-failed');
          break;
        }
        // A drain that came during write() already made room again.
        if (!accepted && this.#drains === drains) this.#writable = false;
      }
    } finally {
      this.#pumping = false;
    }
  }

  #take(): string | undefined {
    if (this.#resync !== undefined) {
      const frame = this.#resync;
      this.#resync = undefined;
      return frame;
    }
    const reply = this.#replies[0];
    if (reply && this.#next > reply.after) {
      this.#replies.shift();
      return reply.frame;
    }
    if (this.#next > this.#ring.lastSeq) return undefined;
    const frame = this.#ring.frame(this.#next++);
    if (this.#next > this.#ring.lastSeq) this.#live = true;
    return frame;
  }

  #drop(reason: DropReason): void {
    this.close();
    this.#sink.close(reason);
  }
}
