import { Workbox } from 'workbox-window';

type UpdateListener = (reload: () => void) => void;
const listeners = new Set<UpdateListener>();
let waiting: (() => void) | undefined;

/**
 * Registers the service worker that lets the app shell open offline. A new version waits until
 * the user chooses to reload (`onUpdateReady`), so a conversation is never cut by an update.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    waiting = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener(waiting);
  });
  void workbox.register();
}

/** Calls `listener` with a reload function once a new version is ready. */
export function onUpdateReady(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (waiting) listener(waiting);
  return () => listeners.delete(listener);
}
