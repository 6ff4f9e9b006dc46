import type { HostStore } from '../connection/HostStore.ts';
import { BackgroundNotifier } from './BackgroundNotifier.ts';
import {
  followNotificationClicks,
  setBadge,
  showSystemNotification,
} from './systemNotification.ts';
import { deviceNotificationsFor } from './useDeviceNotifications.ts';

/**
 * Starts the page's part of the notifications: system notifications while it is in the background,
 * the installed app's badge, and the service worker's clicks that open an agent's chat.
 */
export function startNotifications(store: HostStore): () => void {
  const device = deviceNotificationsFor(store);
  void device.refresh().catch(() => {});
  const stopNotifier = new BackgroundNotifier(store, {
    background: () => document.visibilityState === 'hidden' || !document.hasFocus(),
    allowed: () => device.allowed(),
    show: showSystemNotification,
    badge: setBadge,
    storage: localStorage,
    language: () =>
      store.getState().config?.language ?? (navigator.language.startsWith('fr') ? 'fr' : 'en'),
  }).start();
  const stopClicks = followNotificationClicks();
  return () => {
    stopNotifier();
    stopClicks();
  };
}
