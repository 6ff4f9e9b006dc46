/**
 * Why the bus gave up on a subscriber: `too-slow` when it fell past its bound (the client should
 * reconnect with `?since=` the last seq it got), `write-failed` when `Sink.write` threw.
 */
export type DropReason = 'too-slow' | 'write-failed';

/**
 * One client's transport, as the event bus sees it. Over `ws`: `write` is `ws.send` and says
 * `false` once `ws.bufferedAmount` is past a threshold; the drain listener runs when it falls back.
 */
export interface Sink {
  /**
   * Sends one frame; the frame is always taken. `false` means the transport's own buffer is now
   * full: the bus writes nothing more until the drain listener runs. Must not throw.
   */
  write(frame: string): boolean;
  /** Registers the listener to call once the transport can take frames again. Called once. */
  onDrain(listener: () => void): void;
  /** The bus dropped this subscriber and will write nothing more: close the transport. */
  close(reason: DropReason): void;
}

/** A client's place in the event stream. */
export interface Subscription {
  /** Sends a frame that is not an event (a response) after every event published so far. */
  send(frame: string): void;
  /** Detaches from the bus (the client went away); the sink is not closed. Idempotent. */
  close(): void;
  /** True once detached or dropped. */
  readonly closed: boolean;
  /** Frames owed and not yet written (a pending `resync` included); 0 once closed. */
  readonly queuedFrames: number;
  /** UTF-8 bytes of the event frames owed and not yet written; 0 once closed. */
  readonly queuedBytes: number;
}
