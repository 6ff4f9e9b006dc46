/** A paired device as `DeviceService.List` shows it (CONTRACT.md §9). */
export interface DeviceView {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastSeen: string;
  /** It is the device that asks. */
  current: boolean;
}

/** `DeviceService.Pair()`: a one-time code and the link its QR codes show. */
export interface PairingOffer {
  code: string;
  /** `…/pair?code=CODE`, on the address other devices reach the host by. */
  url: string;
  /** ISO 8601: 10 minutes after it was given. */
  expiresAt: string;
}
