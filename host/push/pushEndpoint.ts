import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The push services of the browsers that offer Web Push (Chrome, Edge, Firefox, Safari): a
 * subscription's endpoint must be on one of them. A name listed with a leading dot stands for its
 * subdomains (Edge's WNS hosts are `wns2-<region>.notify.windows.com`).
 */
const pushServiceHosts: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Opera, Samsung Internet, Brave
  '.push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  '.notify.windows.com', // Edge
  '.push.apple.com', // Safari, iOS and iPadOS home-screen apps (web.push.apple.com)
];

/** How strict the rule is: `loopback` (tests only) also takes `http(s)://127.0.0.1|localhost`. */
export interface EndpointRule {
  loopback: boolean;
}

/** Why an endpoint is refused, for the sentence the user reads. */
export type EndpointRefusal = 'not-url' | 'not-https' | 'not-push-service';

/**
 * Whether the host may POST to `endpoint` (SSRF, docs/decisions.md "Web Push"): an `https:` URL on
 * the default port, with no user name, whose host is a name (never an address) of a known push
 * service. With `rule.loopback` (tests), `http:` or `https:` to `127.0.0.1` or `localhost` on any
 * port too. The address a name resolves to is checked again when connecting
 * ({@link guardedLookup}).
 *
 * @example
 * checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', { loopback: false }) // URL
 * checkEndpoint('https://169.254.169.254/latest', { loopback: false }) // 'not-push-service'
 */
export function checkEndpoint(endpoint: string, rule: EndpointRule): URL | EndpointRefusal {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not-url';
  }
  if (url.username !== '' || url.password !== '') return 'not-url';
  const host = url.hostname.toLowerCase();
  if (rule.loopback && (host === '127.0.0.1' || host === 'localhost')) {
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : 'not-https';
  }
  if (url.protocol !== 'https:') return 'not-https';
  if (url.port !== '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return 'not-push-service';
  const known = pushServiceHosts.some((name) =>
    name.startsWith('.') ? host.endsWith(name) && host.length > name.length : host === name,
  );
  return known ? url : 'not-push-service';
}

/** Addresses no push service has: this machine, the LAN, link-local, reserved and multicast. */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (IPv4 or IPv6) is one a public push service may have. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !internal.check(address, 'ipv4');
  // An IPv4-mapped address (`::ffff:127.0.0.1`) meets the IPv4 rules: BlockList maps it.
  return family === 6 && !internal.check(address, 'ipv6');
}

/**
 * A `lookup` for the sockets that deliver pushes: the name is resolved as usual, and every address
 * that is not public is dropped (all of them: the connection fails with `ENOTFOUND`). A name that
 * passed {@link checkEndpoint} but resolves inside the LAN (a rebinding DNS) reaches nothing.
 * `loopback` (tests) lets `127.0.0.1` through.
 */
export function guardedLookup(loopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter(
        ({ address }) => isPublicAddress(address) || (loopback && address === '127.0.0.1'),
      );
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(`${hostname} has no public address`), {
          code: 'ENOTFOUND',
        });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
