import type { PushSubscriptionJson } from '../../schema/push.ts';
import { translate, type Language } from '../i18n.ts';
import type { PushSubscriptions } from '../push/PushSubscriptions.ts';
import { InvalidParams } from '../ServiceError.ts';
import type { DeviceClient } from './DeviceService.ts';
import type { WireService } from '../../schema/rpc.ts';

/**
 * `PushService` of CONTRACT.md §9: the host's VAPID public key, and the devices that receive a
 * Web Push when an agent asks for permission, finishes a turn or crashes (`push/PushSender.ts`),
 * each subscription its device's (`push/PushSubscriptions.ts`).
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

  /**
   * Keeps `subscription` as the asking device's (the owner's, with the token): a new one, or its
   * endpoint's again; `-32602` if refused.
   */
  Subscribe(subscription: PushSubscriptionJson, client?: DeviceClient): void {
    const outcome = this.subscriptions.add(subscription, client?.device, this.now());
    const language = this.language();
    if (outcome === 'endpoint') {
      const endpoint = subscription.endpoint.slice(0, 200);
      throw new InvalidParams(translate(language, 'notify.push.endpoint', { endpoint }));
    }
    if (outcome === 'keys') throw new InvalidParams(translate(language, 'notify.push.keys'));
    if (outcome === 'taken') throw new InvalidParams(translate(language, 'notify.push.taken'));
  }

  /**
   * Forgets the subscription of `endpoint` when it is the asking device's, or whoever's when the
   * owner asks; nothing happens otherwise (another device's endpoint is not told apart).
   */
  Unsubscribe(endpoint: string, client?: DeviceClient): void {
    this.subscriptions.remove(endpoint, client?.device);
  }
}
