import type { PushSubscriptionJson } from '../../../schema/push.ts';
import type { HostStore } from '../connection/HostStore.ts';

/** How long the service worker has to be ready before push counts as unavailable. */
const readyTimeoutMs = 5_000;

/** The service worker's registration, once it is active; refused without one (a dev server). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new Error('no service worker');
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(resolve, readyTimeoutMs)),
  ]);
  if (!registration) throw new Error('no service worker');
  if (!('pushManager' in registration)) throw new Error('no PushManager');
  return registration;
}

/** Whether `subscription` was made for the host's key `key` (base64url). */
function madeFor(subscription: PushSubscription, key: string): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  const encoded = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return encoded === key.replace(/=+$/, '');
}

/**
 * Subscribes this device to the host's Web Push (CONTRACT.md §9): the browser's subscription for
 * the host's VAPID key (`PushService.Key`), made again if it was for another key, then handed to
 * `PushService.Subscribe`. Rejects with the browser's reason when it offers no push here.
 */
export async function subscribePush(store: HostStore): Promise<void> {
  const registration = await activeRegistration();
  const key = await store.call('PushService.Key');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeFor(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await store.call('PushService.Subscribe', subscription.toJSON() as PushSubscriptionJson);
}

/** Ends this device's Web Push: the host forgets it, and the browser drops the subscription. */
export async function unsubscribePush(store: HostStore): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await store.call('PushService.Unsubscribe', subscription.endpoint);
  await subscription.unsubscribe();
}
