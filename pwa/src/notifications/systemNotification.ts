/** A system notification the app shows (the service worker shows the Web Push ones). */
export interface SystemNotice {
  title: string;
  body: string;
  tag: string;
  /** The hash route a click opens (`#/chat/<agent>`). */
  url: string;
}

/** Whether this browser can show notifications at all, and what the user said. */
export type NotificationSupport = 'unsupported' | NotificationPermission;

/** {@link NotificationSupport} now. */
export function notificationSupport(): NotificationSupport {
  return typeof Notification === 'function' ? Notification.permission : 'unsupported';
}

/**
 * Shows `notice` through the service worker when there is one (Android's Chrome allows no other
 * way, and its `notificationclick` opens the chat even once the page is gone), else with
 * `new Notification`. The same `tag` replaces a notification rather than adding one: the Web Push
 * of the same event, shown by the service worker too, makes no second one.
 */
export async function showSystemNotification(notice: SystemNotice): Promise<void> {
  const options = {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    data: { url: notice.url },
  };
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration?.active) {
    await registration.showNotification(notice.title, options);
    return;
  }
  const shown = new Notification(notice.title, options);
  shown.onclick = () => {
    window.focus();
    window.location.hash = notice.url;
    shown.close();
  };
}

/**
 * Follows the service worker's clicks on notifications: it focuses this window and asks it to open
 * the route the notification names.
 */
export function followNotificationClicks(): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const listener = (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === 'switchboard:open' && typeof data.url === 'string') {
      window.location.hash = new URL(data.url, window.location.href).hash;
    }
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}

/** The installed app's badge (Badging API): how many requests wait; none clears it. */
export function setBadge(count: number): void {
  if (!('setAppBadge' in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  // Refused outside an installed app on some platforms: the inbox's count still says it.
  done.catch(() => {});
}
