import type { HostEvent } from '../../schema/events.ts';
import { EventRing } from './EventRing.ts';
import { eventFrame, resyncFrame } from './frames.ts';
import type { Sink, Subscription } from './Sink.ts';
import { Subscriber, type QueueBounds } from './Subscriber.ts';

export type { DropReason, Sink, Subscription } from './Sink.ts';

/** Sizes of the event bus; every one a positive integer. */
export interface EventBusOptions {
  /** Events held for replay with `?since=`; CONTRACT.md §3 asks for at least 10 000. */
  capacity?: number;
  /** Frames a caught-up subscriber may owe before it is dropped as too slow. */
  maxQueuedFrames?: number;
  /** UTF-8 bytes a caught-up subscriber may owe before it is dropped as too slow. */
  maxQueuedBytes?: number;
}

const defaultEventBusOptions: Required<EventBusOptions> = {
  capacity: 10_000,
  maxQueuedFrames: 1_000,
  maxQueuedBytes: 4 * 1024 * 1024,
};

/**
 * The host's event stream (CONTRACT.md §3): stamps each event with the next `seq`, builds its
 * wire frame once, keeps the last `capacity` frames for replay, and hands them to every
 * subscriber without ever waiting for one.
 *
 * `subscribe(since, sink)` serves `?since=`:
 * - `undefined`: live events only, from the next one.
 * - a seq from `oldestHeld - 1` to `lastSeq`: every held event after it, then live ones.
 * - anything else (too old: events were lost; greater than `lastSeq`: the host restarted; not a
 *   non-negative integer): a `resync` frame, then every held event, then live ones.
 *
 * A `resync` frame carries `seq: oldestHeld - 1` (`lastSeq` while nothing is held): the next
 * frame the client gets has seq `resync.seq + 1`, and `?since=resync.seq` is a valid resume point
 * for as long as the ring holds that next event.
 *
 * Each subscriber has a bounded queue (a cursor into the ring, see {@link Subscriber}); a
 * subscriber past its bound, or whose replay the ring overwrites, is dropped with
 * `sink.close('too-slow')` and resumes without loss by subscribing again with `since` = the last
 * seq it got.
 *
 * @example
 * const bus = new EventBus();
 * const subscription = bus.subscribe(since, sink); // from the WebSocket's `?since=`
 * bus.publish({ name: 'agent:state', data: { agent: 'claude', state: 'ready', outdated: false } });
 * subscription.close(); // the socket closed
 */
export class EventBus {
  readonly #ring: EventRing;
  readonly #bounds: QueueBounds;
  readonly #subscribers = new Set<Subscriber>();

  constructor(options: EventBusOptions = {}) {
    const defaults = defaultEventBusOptions;
    const capacity = options.capacity ?? defaults.capacity;
    const maxQueuedFrames = options.maxQueuedFrames ?? defaults.maxQueuedFrames;
    const maxQueuedBytes = options.maxQueuedBytes ?? defaults.maxQueuedBytes;
    for (const [name, value] of Object.entries({ maxQueuedFrames, maxQueuedBytes })) {
      if (!Number.isSafeInteger(value) || value < 1) {
        throw new RangeError(`${name} must be a positive integer, got ${value}`);
      }
    }
    this.#ring = new EventRing(capacity);
    this.#bounds = { maxQueuedFrames, maxQueuedBytes };
  }

  /** The seq of the last event published; 0 before the first. */
  get lastSeq(): number {
    return this.#ring.lastSeq;
  }

  /** Subscribers attached now. */
  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  /**
   * Stamps `event` with the next seq and hands its frame to every subscriber; returns the seq.
   * Synchronous, and O(1) per subscriber that cannot take the frame now.
   */
  publish(event: HostEvent): number {
    // Built before the ring moves: an event that cannot be serialised takes no seq.
    const frame = eventFrame(this.#ring.lastSeq + 1, event);
    const seq = this.#ring.push(frame);
    for (const subscriber of this.#subscribers) subscriber.published();
    return seq;
  }

  /**
   * Attaches a client: writes what `sink` takes now (a resync, then the replay), then streams the
   * rest as it drains. `since` is the last seq the client got, `undefined` for live events only.
   */
  subscribe(since: number | undefined, sink: Sink): Subscription {
    const last = this.#ring.lastSeq;
    const oldest = this.#ring.oldestSeq;
    const servable =
      since === undefined || (Number.isSafeInteger(since) && since >= oldest - 1 && since <= last);
    const next = since === undefined ? last + 1 : servable ? since + 1 : oldest;
    const subscriber = new Subscriber(
      this.#ring,
      sink,
      this.#bounds,
      (gone) => this.#subscribers.delete(gone),
      next,
      servable ? undefined : resyncFrame(oldest - 1),
    );
    this.#subscribers.add(subscriber);
    subscriber.start();
    return subscriber;
  }
}
