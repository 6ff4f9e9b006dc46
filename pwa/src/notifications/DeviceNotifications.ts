import type { HostStore } from '../connection/HostStore.ts';
import { notificationSupport, type NotificationSupport } from './systemNotification.ts';
import { subscribePush, unsubscribePush } from './pushSubscription.ts';

/** Where this device keeps whether the user turned notifications on. */
const preferenceKey = 'switchboard.notifications';

/** Web Push on this device: on, off, or not to be had (and why, as the browser said). */
export type PushState = { kind: 'on' } | { kind: 'off' } | { kind: 'unavailable'; reason: string };

/** What the notification controls (Settings, the inbox) show. */
export interface DeviceNotificationsState {
  support: NotificationSupport;
  /** The user turned them on here, and the browser allows them. */
  enabled: boolean;
  push: PushState;
  busy: boolean;
  /** Why the last change failed. */
  error: string | undefined;
}

/**
 * Notifications on this device (issue 16 item 3): whether the user wants them (kept in
 * `localStorage`: each device chooses), the browser's permission, asked for by a control the user
 * presses, and the Web Push subscription that reaches the device when no app is open. An
 * external store for React (`subscribe`, `getState`), shared by Settings and the inbox.
 */
export class DeviceNotifications {
  #state: DeviceNotificationsState;
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly store: HostStore,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  ) {
    const support = notificationSupport();
    this.#state = {
      support,
      enabled: support === 'granted' && storage.getItem(preferenceKey) === 'on',
      push: { kind: 'off' },
      busy: false,
      error: undefined,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = (): DeviceNotificationsState => this.#state;

  /** Whether a notification may be shown now (on, and allowed). */
  allowed(): boolean {
    return this.#state.enabled && notificationSupport() === 'granted';
  }

  /** Asks the browser (this must run in the click that turns them on), then subscribes to push. */
  async turnOn(): Promise<void> {
    if (this.#state.support === 'unsupported' || this.#state.busy) return;
    this.#set({ busy: true, error: undefined });
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return this.#set({ support: permission, enabled: false });
      this.storage.setItem(preferenceKey, 'on');
      this.#set({ support: permission, enabled: true });
      const push = await subscribePush(this.store).then(
        (): PushState => ({ kind: 'on' }),
        (failure: unknown): PushState => ({ kind: 'unavailable', reason: reasonOf(failure) }),
      );
      this.#set({ push });
    } catch (failure) {
      this.#set({ error: reasonOf(failure) });
    } finally {
      this.#set({ busy: false });
    }
  }

  /** Stops this device's notifications, and its Web Push at the host. */
  async turnOff(): Promise<void> {
    this.storage.setItem(preferenceKey, 'off');
    this.#set({ enabled: false, busy: true, error: undefined });
    try {
      await unsubscribePush(this.store);
      this.#set({ push: { kind: 'off' } });
    } catch (failure) {
      this.#set({ error: reasonOf(failure) });
    } finally {
      this.#set({ busy: false });
    }
  }

  /**
   * Learns whether this device is subscribed to push already (a reload, another tab), and hands
   * the subscription to the host again: the host keeps it as this device's, and one an older
   * host kept for no device in particular becomes this one's.
   */
  async refresh(): Promise<void> {
    if (!this.#state.enabled || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    this.#set({ push: { kind: 'on' } });
    await subscribePush(this.store);
  }

  #set(change: Partial<DeviceNotificationsState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of [...this.#listeners]) listener();
  }
}

function reasonOf(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  if (typeof failure === 'object' && failure !== null && 'message' in failure) {
    return String(failure.message);
  }
  return String(failure);
}
