import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { noticeTitle } from '../../locales/noticeTitle.ts';
import type { HostEvent } from '../../schema/events.ts';
import { chatRoute, noticeOf, type Notice, type PushPayload } from '../../schema/notifications.ts';
import type { Language } from '../i18n.ts';
import { checkEndpoint, guardedLookup, type EndpointRule } from './pushEndpoint.ts';
import type { PushSubscriptions, StoredSubscription } from './PushSubscriptions.ts';
import type { VapidKeys } from './vapidKeys.ts';

export interface PushSenderOptions {
  subscriptions: PushSubscriptions;
  keys: VapidKeys;
  /** The VAPID `sub` claim: a `mailto:` or `https:` URL a push service may reach the sender at. */
  subject: string;
  rule: EndpointRule;
  language: () => Language;
  /** An agent's title, for the notification's words. */
  title: (agent: string) => string;
  /** Whether the permission request `id` still waits (a rule answers some at once). */
  pending: (id: string) => boolean;
  /** How many permission requests wait, for the badge. */
  waiting: () => number;
  log?: (line: string) => void;
}

/** How long a push service has to answer. */
const timeoutMs = 10_000;
/** How many notices are remembered, so that one is never pushed twice. */
const rememberedNotices = 500;

/**
 * Sends a Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292) to every
 * subscribed device when an agent asks for permission, finishes a turn, or crashes
 * (`schema/notifications.ts` decides which events). `web-push` makes each request; this class
 * sends it over a socket that reaches public addresses only ({@link guardedLookup}), and drops a
 * subscription its push service says is gone (404, 410).
 *
 * @example
 * const sender = new PushSender({ subscriptions, keys, subject, rule, language, title, pending, waiting });
 * const publish = (event) => { sender.observe(event); bus.publish(event); };
 */
export class PushSender {
  readonly #sent = new Set<string>();

  constructor(private readonly options: PushSenderOptions) {}

  /** Looks at an event on its way to the clients; pushes what it calls for, without waiting. */
  observe(event: HostEvent): void {
    // The notice first: most events are none, and the list is read from the database.
    const notice = noticeOf(event);
    if (!notice || this.#sent.has(notice.key)) return;
    if (this.options.subscriptions.list().length === 0) return;
    this.#remember(notice.key);
    // A request a rule answers is resolved in the same batch of events: look once it is through.
    setImmediate(() => {
      if (notice.request !== undefined && !this.options.pending(notice.request)) return;
      void this.#sendAll(notice);
    });
  }

  async #sendAll(notice: Notice): Promise<void> {
    const language = this.options.language();
    const payload: PushPayload = {
      kind: notice.kind,
      agent: notice.agent,
      title: noticeTitle(language, notice.kind, this.options.title(notice.agent)),
      body: notice.detail,
      tag: notice.tag,
      url: `/${chatRoute(notice.agent)}`,
      waiting: this.options.waiting(),
    };
    const text = JSON.stringify(payload);
    await Promise.allSettled(
      this.options.subscriptions.list().map((subscription) => this.#send(subscription, text)),
    );
  }

  async #send(subscription: StoredSubscription, payload: string): Promise<void> {
    const { keys, subject, rule } = this.options;
    const url = checkEndpoint(subscription.endpoint, rule);
    if (typeof url === 'string') return;
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 24 * 60 * 60,
      urgency: 'high',
    });
    try {
      const status = await post(url, details.headers, details.body, rule.loopback);
      if (status === 404 || status === 410) {
        this.options.subscriptions.drop(subscription.endpoint);
      } else if (status >= 400) {
        this.#log(`Web Push to ${url.host} refused: HTTP ${status}`);
      }
    } catch (error) {
      this.#log(`Web Push to ${url.host} failed: ${(error as Error).message}`);
    }
  }

  #remember(key: string): void {
    this.#sent.add(key);
    if (this.#sent.size > rememberedNotices) {
      this.#sent.delete(this.#sent.values().next().value!);
    }
  }

  #log(line: string): void {
    (this.options.log ?? console.warn)(line);
  }
}

/** POSTs `body` to `url`, never following a redirect; the response's status. */
function post(
  url: URL,
  headers: Record<string, string | number>,
  body: Buffer | null,
  loopback: boolean,
): Promise<number> {
  const request = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', headers, lookup: guardedLookup(loopback), timeout: timeoutMs },
      (response: IncomingMessage) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in time')));
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}
