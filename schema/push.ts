/**
 * `PushService` (CONTRACT.md §9): a device's Web Push subscription, as the browser's
 * `PushSubscription.toJSON()` gives it, and the bounds the host holds it to.
 */

/** A subscription the app sends to `PushService.Subscribe`. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** The most the host keeps and sends to. */
export const pushLimits = {
  /** Each device's own (and the owner's): a sixth drops that device's oldest, no other's. */
  perDevice: 5,
  /** Taken in from an older install's file, which kept at most 20. */
  imported: 20,
  endpointLength: 2048,
} as const;

/** The JSON Schema of a subscription param: base64url keys of their exact sizes (65 and 16 bytes). */
export const pushSubscriptionSchema = {
  type: 'object',
  required: ['endpoint', 'keys'],
  additionalProperties: false,
  properties: {
    endpoint: { type: 'string', minLength: 1, maxLength: pushLimits.endpointLength },
    expirationTime: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      additionalProperties: false,
      properties: {
        // 65 bytes (an uncompressed P-256 point): 87 characters, 88 with padding.
        p256dh: { type: 'string', pattern: '^[A-Za-z0-9_-]{87}=?$' },
        // 16 bytes: 22 characters, 24 with padding.
        auth: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}(==)?$' },
      },
    },
  },
} as const;
