import type { DeviceView, PairingOffer } from '../../schema/devices.ts';
import type { DeviceStore } from '../access/DeviceStore.ts';
import type { DeviceSockets } from '../access/DeviceSockets.ts';
import { minters, type PairingCodes } from '../access/PairingCodes.ts';
import { translate, type Language } from '../i18n.ts';
import { ServiceError } from '../ServiceError.ts';
import type { WireService } from '../../schema/rpc.ts';

/** Who asks: the paired device of the WebSocket the request came on, if any. */
export interface DeviceClient {
  device?: string;
}

/**
 * `DeviceService` (CONTRACT.md §9): one-time codes that pair a device, the list of paired
 * devices, and their revocation, which cuts the device at once (its sockets close, its cookie
 * stops working, the codes it asked for pair nothing).
 */
export class DeviceService implements WireService<'DeviceService'> {
  constructor(
    private readonly devices: DeviceStore,
    private readonly codes: PairingCodes,
    private readonly sockets: DeviceSockets,
    /** `http(s)://address:port` of this host as other devices reach it. */
    private readonly base: () => string,
    private readonly language: () => Language,
  ) {}

  /** A one-time code, the asking device's: it dies with that device. */
  Pair(client?: DeviceClient): PairingOffer {
    return this.offer(client?.device ?? minters.owner);
  }

  /** A one-time code asked for by `minter` (`minters.terminal` for the terminal's QR code). */
  offer(minter: string): PairingOffer {
    const { code, expiresAt } = this.codes.issue(minter);
    const url = `${this.base()}/pair?code=${code}`;
    return { code, url, expiresAt: expiresAt.toISOString() };
  }

  List(client?: DeviceClient): DeviceView[] {
    return this.devices.list(client?.device);
  }

  Revoke(id: string): void {
    if (!this.devices.revoke(id)) {
      throw new ServiceError(
        'not-found',
        translate(this.language(), 'error.unknownDevice', { id }),
      );
    }
    this.codes.forget(id);
    this.sockets.close(id);
  }
}
