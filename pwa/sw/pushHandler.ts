/**
 * The service worker's part of the notifications (issue 16 item 3), imported by the Workbox
 * service worker (`importScripts('/push-handler.js')`, pwa/vite.config.ts): it shows a Web Push
 * from the host (CONTRACT.md §9) unless a window of the app is in front, sets the installed app's
 * badge, and opens the agent's chat when a notification — its own or the page's — is clicked.
 * See https://www.w3.org/TR/push-api/ and https://notifications.spec.whatwg.org/.
 */
import type { PushPayload } from '../../schema/notifications.ts';

declare const self: ServiceWorkerGlobalScope;

const kinds = new Set(['permission', 'turn', 'failed', 'crash']);

/** The payload the host sent, if it is one: anything else is shown as nothing. */
function payloadOf(data: PushMessageData | null): PushPayload | undefined {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || !kinds.has(String(value.kind))) return undefined;
    const { agent, title, body, tag, waiting } = value;
    if (typeof agent !== 'string' || typeof title !== 'string' || typeof tag !== 'string') {
      return undefined;
    }
    return {
      kind: value.kind!,
      agent,
      title: title.slice(0, 200),
      body: typeof body === 'string' ? body.slice(0, 500) : '',
      tag: tag.slice(0, 200),
      // Made here from the agent's name, never taken as given: a click stays in the app.
      url: `/#/chat/${encodeURIComponent(agent)}`,
      waiting: typeof waiting === 'number' && waiting >= 0 ? Math.floor(waiting) : 0,
    };
  } catch {
    return undefined;
  }
}

async function windows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function onPush(data: PushMessageData | null): Promise<void> {
  const payload = payloadOf(data);
  if (!payload) return;
  if ('setAppBadge' in navigator) {
    const badge = payload.waiting > 0 ? navigator.setAppBadge(payload.waiting) : undefined;
    await (badge ?? navigator.clearAppBadge()).catch(() => {});
  }
  // The user is looking at the app: its inbox and its chat say it already.
  const open = await windows();
  if (open.some((client) => client.visibilityState === 'visible' && client.focused)) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icons/icon-192.png',
    data: { url: payload.url },
  });
}

/** Focuses a window of the app on `url` (a route of it), or opens one. */
async function openRoute(url: unknown): Promise<void> {
  const scope = self.registration.scope;
  const target = new URL(typeof url === 'string' ? url : '/', scope);
  const href = target.origin === new URL(scope).origin ? target.href : scope;
  const client = (await windows()).find((candidate) => candidate.url.startsWith(scope));
  if (!client) {
    await self.clients.openWindow(href);
    return;
  }
  await client.focus();
  client.postMessage({ type: 'switchboard:open', url: href });
}

self.addEventListener('push', (event) => event.waitUntil(onPush(event.data)));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openRoute(data?.url));
});
