import type { ChannelStatus } from '../../../schema/config.ts';
import type { MeshOverview } from '../../../schema/mesh.ts';
import type { HostStore } from '../connection/HostStore.ts';
import { addLogEntry } from '../../../machines/meshFold.ts';

/** What the app knows of the agent mesh, replaced (never mutated) on every change. */
export interface MeshState {
  /** `MeshService.Overview()`, followed by the `mesh:message` events; `undefined` until loaded. */
  overview: MeshOverview | undefined;
  /** The channels and their state (`ConfigService.Current().channels`) as of the last load. */
  channels: ChannelStatus[] | undefined;
  /** Why the last load failed, until one succeeds. */
  failure: string | undefined;
}

/**
 * The mesh as the app shows it (the Mesh panel, the freeze banner of every screen): loaded with
 * `MeshService.Overview()` when first watched, on `mesh:changed`, and on every reconnection;
 * each `mesh:message` is folded in as it comes. An external store for React: it follows the
 * host while something is subscribed.
 */
export class MeshStore {
  #state: MeshState = { overview: undefined, channels: undefined, failure: undefined };
  readonly #listeners = new Set<() => void>();
  #stop: (() => void) | undefined;
  #loading: Promise<void> | undefined;
  /** A load asked for while one was on its way: its answer may predate what asked. */
  #again = false;

  constructor(private readonly host: HostStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stop?.();
    };
  };

  getState = (): MeshState => this.#state;

  /**
   * Loads the overview and the channels again (once at a time: a call during a load makes one
   * more after it). Does nothing while offline: the reconnection loads them.
   */
  refresh(): Promise<void> {
    if (!this.host.connection.online) return Promise.resolve();
    if (this.#loading) {
      this.#again = true;
      return this.#loading;
    }
    this.#loading = this.#load().finally(() => {
      this.#loading = undefined;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      }
    });
    return this.#loading;
  }

  #start(): void {
    const stopEvents = this.host.onEvent((event) => {
      if (event.name === 'mesh:changed') void this.refresh();
      else if (event.name === 'mesh:message' && this.#state.overview) {
        this.#set({ overview: addLogEntry(this.#state.overview, event.data) });
      }
    });
    // Online again after a gap (or for the first time): what was missed is loaded anew.
    let online = false;
    const watch = this.host.connection.actor.subscribe((snapshot) => {
      const now = snapshot.value === 'online';
      if (now && !online) void this.refresh();
      online = now;
    });
    if (this.host.connection.actor.getSnapshot().value === 'online') {
      online = true;
      void this.refresh();
    }
    this.#stop = () => {
      stopEvents();
      watch.unsubscribe();
      this.#stop = undefined;
    };
  }

  async #load(): Promise<void> {
    try {
      // Each answer is taken in as soon as it comes: the events that follow it fold onto it.
      await Promise.all([
        this.host.call('MeshService.Overview').then((overview) => this.#set({ overview })),
        this.host
          .call('ConfigService.Current')
          .then((config) => this.#set({ channels: config.channels })),
      ]);
      if (this.#state.failure !== undefined) this.#set({ failure: undefined });
    } catch (error) {
      this.#set({ failure: error instanceof Error ? error.message : String(error) });
    }
  }

  #set(change: Partial<MeshState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of [...this.#listeners]) listener();
  }
}

const stores = new WeakMap<HostStore, MeshStore>();

/** The one `MeshStore` of `host`, made when first asked for. */
export function meshStoreOf(host: HostStore): MeshStore {
  let store = stores.get(host);
  if (!store) {
    store = new MeshStore(host);
    stores.set(host, store);
  }
  return store;
}
