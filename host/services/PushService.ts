import type { PushSubscriptionJson } from '../../schema/push.ts';
import { pushLimits } from '../../schema/push.ts';
import { translate, type Language } from '../i18n.ts';
import type { PushSubscriptions } from '../push/PushSubscriptions.ts';
import { InvalidParams, ServiceError } from '../ServiceError.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * `PushService` of CONTRACT.md §9: the host's VAPID public key, and the devices that receive a
 * Web Push when an agent asks for permission, finishes a turn or crashes (`push/PushSender.ts`).
 * A subscription's shape and sizes are checked by the wire's schema (`schema/push.ts`); its
 * endpoint and keys here (`push/pushEndpoint.ts` says which endpoints are allowed, and why).
 */
export class PushService implements WireService<'PushService'> {
  constructor(
    private readonly publicKey: string,
    private readonly subscriptions: PushSubscriptions,
    private readonly language: () => Language,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The VAPID public key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
  Key(): string {
    return this.publicKey;
  }

  /** Keeps `subscription` (a new one, or its endpoint's again); `-32602` or `limit` if refused. */
  async Subscribe(subscription: PushSubscriptionJson): Promise<void> {
    const outcome = await this.subscriptions.add(subscription, this.now());
    const language = this.language();
    if (outcome === 'endpoint') {
      const endpoint = subscription.endpoint.slice(0, 200);
      throw new InvalidParams(translate(language, 'notify.push.endpoint', { endpoint }));
    }
    if (outcome === 'keys') throw new InvalidParams(translate(language, 'notify.push.keys'));
    if (outcome === 'limit') {
      const limit = pushLimits.subscriptions;
      throw new ServiceError('limit', translate(language, 'notify.push.limit', { limit }));
    }
  }

  /** Forgets the device of `endpoint`; nothing happens for an endpoint not subscribed. */
  async Unsubscribe(endpoint: string): Promise<void> {
    await this.subscriptions.remove(endpoint);
  }
}
