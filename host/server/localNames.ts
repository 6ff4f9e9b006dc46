import { networkInterfaces } from 'node:os';

/** Whether `host` (an address or name to listen on) is this machine's loopback only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * The address a person on the LAN types to reach a host listening on `host`: the first
 * non-internal IPv4 address when it listens on every interface, else `host` itself.
 */
export function reachableAddress(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host;
  const lan = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal);
  return lan?.address ?? '127.0.0.1';
}
