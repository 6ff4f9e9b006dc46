import { noticeTitle } from '../../../locales/noticeTitle.ts';
import type { Language } from '../../../locales/translate.ts';
import { chatRoute, noticeOf, type Notice } from '../../../schema/notifications.ts';
import type { HostStore } from '../connection/HostStore.ts';
import type { SystemNotice } from './systemNotification.ts';

/** Where the keys of the notices this device has seen are kept, across reloads. */
const seenKey = 'switchboard.notices.seen';
/** How many keys are kept: far more than a reconnection replays of what matters. */
const seenLimit = 300;
/**
 * How long a permission request waits before it is told: a rule answers some at once, and the
 * `permission:resolved` of those follows in the next frames.
 */
export const requestSettleMs = 300;

/** What the notifier needs of the page, replaced in tests. */
export interface NotifierPage {
  /** Hidden, or not the window the user is in: what the service worker's push check says too. */
  background: () => boolean;
  /** Notifications are on and allowed on this device. */
  allowed: () => boolean;
  show: (notice: SystemNotice) => Promise<void>;
  badge: (count: number) => void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  language: () => Language;
}

/**
 * The app's own system notifications while it is in the background — hidden, or visible in a
 * window the user is not in, as chat apps do (issue 16 item 3): when an
 * agent asks for permission, finishes a turn or crashes (`schema/notifications.ts`), naming the
 * agent and opening its chat. Each notice is told at most once on this device — its key is
 * remembered, seen on screen or told, so the events a reconnection or a reload replays tell
 * nothing again — and the installed app's badge counts the requests that wait.
 *
 * @example
 * const stop = new BackgroundNotifier(store, page).start();
 */
export class BackgroundNotifier {
  readonly #seen: string[];

  constructor(
    private readonly store: HostStore,
    private readonly page: NotifierPage,
  ) {
    this.#seen = readSeen(page.storage);
  }

  start(): () => void {
    let waiting = -1;
    const badge = () => {
      const count = this.store.getState().permissions.length;
      if (count === waiting) return;
      waiting = count;
      this.page.badge(count);
    };
    const stopEvents = this.store.onEvent((event) => {
      const notice = event.name === 'resync' ? undefined : noticeOf(event, event.seq);
      if (notice) this.#noticed(notice);
    });
    const stopBadge = this.store.subscribe(badge);
    return () => {
      stopEvents();
      stopBadge();
    };
  }

  #noticed(notice: Notice): void {
    if (this.#seen.includes(notice.key)) return;
    this.#seen.push(notice.key);
    this.page.storage.setItem(seenKey, JSON.stringify(this.#seen.slice(-seenLimit)));
    // Seen on screen: nothing to tell, now or later.
    if (!this.page.background() || !this.page.allowed()) return;
    if (notice.request === undefined) return void this.#tell(notice);
    setTimeout(() => {
      const waits = this.store.getState().permissions.some(({ id }) => id === notice.request);
      if (waits) void this.#tell(notice);
    }, requestSettleMs);
  }

  async #tell(notice: Notice): Promise<void> {
    const agent = this.store.getState().agents.find(({ name }) => name === notice.agent);
    const title = noticeTitle(this.page.language(), notice.kind, agent?.title ?? notice.agent);
    await this.page
      .show({ title, body: notice.detail, tag: notice.tag, url: chatRoute(notice.agent) })
      .catch(() => {}); // a browser that refuses at the last moment: the inbox still shows it
  }
}

function readSeen(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const read = JSON.parse(storage.getItem(seenKey) ?? '[]') as unknown;
    return Array.isArray(read) ? read.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}
