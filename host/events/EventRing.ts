/**
 * The frames of the last `capacity` events, by seq, in a fixed-size array written in place:
 * holding them costs the same at the first event and at the millionth, and a push is O(1).
 */
export class EventRing {
  readonly capacity: number;
  readonly #frames: string[];
  /** Bytes of all frames up to and including a seq; one slot more than the frames, for `oldestSeq - 1`. */
  readonly #totals: Float64Array;
  #lastSeq = 0;
  #totalBytes = 0;

  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`the ring's capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
    this.#frames = new Array<string>(capacity).fill('');
    this.#totals = new Float64Array(capacity + 1);
  }

  /** The seq of the newest frame; 0 before the first. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The seq of the oldest frame held; `lastSeq + 1` while the ring is empty. */
  get oldestSeq(): number {
    return Math.max(1, this.#lastSeq - this.capacity + 1);
  }

  /** UTF-8 bytes of every frame ever pushed. */
  get totalBytes(): number {
    return this.#totalBytes;
  }

  /** Stores the frame of seq `lastSeq + 1`, overwriting the oldest once the ring is full. */
  push(frame: string): number {
    const seq = ++this.#lastSeq;
    this.#frames[this.#slot(seq)] = frame;
    this.#totalBytes += Buffer.byteLength(frame);
    this.#totals[seq % this.#totals.length] = this.#totalBytes;
    return seq;
  }

  /** The frame of a held seq. */
  frame(seq: number): string {
    if (seq < this.oldestSeq || seq > this.#lastSeq) {
      throw new RangeError(`seq ${seq} is not held (${this.oldestSeq}..${this.#lastSeq})`);
    }
    return this.#frames[this.#slot(seq)] ?? '';
  }

  /** Bytes of all frames up to `seq`, for `oldestSeq - 1 <= seq <= lastSeq`. */
  totalBytesThrough(seq: number): number {
    if (seq < this.oldestSeq - 1 || seq > this.#lastSeq) {
      throw new RangeError(`seq ${seq} is not held (${this.oldestSeq - 1}..${this.#lastSeq})`);
    }
    return this.#totals[seq % this.#totals.length] ?? 0;
  }

  #slot(seq: number): number {
    return (seq - 1) % this.capacity;
  }
}
