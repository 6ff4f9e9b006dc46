import type { DropReason, Sink } from '../../../host/events/EventBus.ts';

/** `open` takes frames; `full` takes each frame but says its buffer is full; `stutter` says full, then drains before write() returns. */
export type SinkMode = 'open' | 'full' | 'stutter';

/** The wire frame of an event, parsed. */
export interface Frame {
  seq: number;
  name: string;
  data: unknown;
}

/** A transport that records what the bus wrote and checks the bus honours `false` from write(). */
export class FakeSink implements Sink {
  readonly raw: string[] = [];
  mode: SinkMode;
  closedWith: DropReason | undefined;
  /** Writes that came after write() said full and before a drain, or after close: must stay 0. */
  violations = 0;
  #blocked = false;
  #drain: (() => void) | undefined;

  constructor(mode: SinkMode = 'open') {
    this.mode = mode;
  }

  /** write() said full and no drain came since. */
  get blocked(): boolean {
    return this.#blocked;
  }

  get frames(): Frame[] {
    return this.raw.map(parseFrame);
  }

  get seqs(): number[] {
    return this.frames.map((frame) => frame.seq);
  }

  write(frame: string): boolean {
    if (this.#blocked || this.closedWith !== undefined) this.violations++;
    this.raw.push(frame);
    if (this.mode === 'open') return true;
    this.#blocked = true;
    if (this.mode === 'stutter') this.drain('stutter');
    return false;
  }

  onDrain(listener: () => void): void {
    this.#drain = listener;
  }

  close(reason: DropReason): void {
    this.closedWith = reason;
  }

  /** The transport's buffer emptied: it takes frames again in `mode`. */
  drain(mode: SinkMode = 'open'): void {
    this.mode = mode;
    this.#blocked = false;
    this.#drain?.();
  }
}

/** Parses a frame, checking it has exactly the shape of CONTRACT.md §3. */
export function parseFrame(raw: string): Frame {
  const parsed = JSON.parse(raw) as unknown;
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Object.keys(parsed).join() !== 'jsonrpc,method,params' ||
    !('jsonrpc' in parsed && parsed.jsonrpc === '2.0') ||
    !('method' in parsed && parsed.method === 'event') ||
    !('params' in parsed && typeof parsed.params === 'object' && parsed.params !== null)
  ) {
    throw new Error(`not an event notification: ${raw}`);
  }
  const params = parsed.params as Record<string, unknown>;
  const { seq, name } = params;
  if (
    Object.keys(params).join() !== 'seq,name,data' ||
    !Number.isSafeInteger(seq) ||
    typeof name !== 'string'
  ) {
    throw new Error(`not the params of an event: ${raw}`);
  }
  return { seq: seq as number, name, data: params.data };
}
