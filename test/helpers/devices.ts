/**
 * Paired devices of a real host, as browsers make them: a code of `DeviceService.Pair`, then
 * `POST /api/pair`, whose answer sets the device's own session cookie.
 */
import { expect } from 'vitest';
import type { HostProcess, RpcResponse, WireClient } from './hostProcess.ts';

/** `DeviceService.Pair()`'s answer. */
export interface Offer {
  code: string;
  url: string;
  expiresAt: string;
}

/** A device as `DeviceService.List` shows it. */
export interface ListedDevice {
  id: string;
  name: string;
  createdAt: string;
  lastSeen: string;
  current: boolean;
}

/** `POST /api/pair` `{code, name}`, as the pairing page sends it. */
export const postPairing = (host: HostProcess, code: string, name: string) =>
  fetch(`${host.base}/api/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.base },
    body: JSON.stringify({ code, name }),
  });

/** The `name=value` of a response's session cookie. */
export const cookieOf = (response: Response): string =>
  response.headers.get('set-cookie')!.split(';', 1)[0]!;

/** Pairs a device with a code `minter` asks for: the new device's cookie. */
export async function pairDevice(
  host: HostProcess,
  minter: WireClient,
  name: string,
): Promise<string> {
  const offer = (await minter.call('DeviceService.Pair')).result as Offer;
  const answer = await postPairing(host, offer.code, name);
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

/** The device's own socket: its cookie, not the token. */
export const connectAs = (host: HostProcess, cookie: string) =>
  host.connect('', { authorization: '', cookie });

/** `POST /api/rpc` with a device's cookie rather than the token. */
export async function rpcAs(
  host: HostProcess,
  cookie: string,
  method: string,
  params: unknown[] = [],
): Promise<{ status: number; body: RpcResponse | undefined }> {
  const request = { jsonrpc: '2.0', id: 1, method, params };
  const response = await host.post(JSON.stringify(request), { authorization: '', cookie });
  const body = response.status === 200 ? ((await response.json()) as RpcResponse) : undefined;
  return { status: response.status, body };
}

/** The devices the host lists, as the owner (the token) sees them. */
export async function listed(host: HostProcess): Promise<ListedDevice[]> {
  const answer = await host.rpc('DeviceService.List');
  if (!Array.isArray(answer.result)) throw new Error(`List answered ${JSON.stringify(answer)}`);
  return answer.result as ListedDevice[];
}
