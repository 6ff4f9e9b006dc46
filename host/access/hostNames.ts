import { hostname, networkInterfaces } from 'node:os';

/**
 * The host name of a `Host` header, normalized the way a browser's URL parser does (lower case,
 * IPv4 in dotted decimal, IPv6 compressed in brackets, IDN as punycode) without its port and
 * trailing dot; `undefined` when it is not a plain `name[:port]` or `[ipv6][:port]`. Characters
 * a URL parser would read as user info or path (`@`, `/`…) make it invalid rather than hidden.
 *
 * @example
 * hostOfHeader('LocalHost.:7777') // 'localhost'
 * hostOfHeader('[::0001]:7777') // '[::1]'
 */
export function hostOfHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^[\]:]+)(?::\d{0,5})?$/i.exec(header);
  if (!match?.[1]) return undefined;
  return normalize(match[1]);
}

/** An `allowedHosts` entry (a name or an address, without a port) in the form of {@link hostOfHeader}. */
export function normalizeHostName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.includes(':') && !trimmed.startsWith('[')) return normalize(`[${trimmed}]`);
  return hostOfHeader(trimmed);
}

function normalize(name: string): string | undefined {
  if (!name.startsWith('[') && !/^[\p{L}\p{N}._-]+$/u.test(name)) return undefined;
  try {
    const parsed = new URL(`http://${name}`).hostname;
    return parsed.endsWith('.') ? parsed.slice(0, -1) : parsed;
  } catch {
    return undefined;
  }
}

/**
 * Whether `host` (normalized by {@link hostOfHeader}) names this machine: `localhost`, a loopback
 * address, an address of one of its network interfaces (read now: they change with the network),
 * its host name, or that name under `.local` (mDNS).
 */
export function isThisMachine(host: string): boolean {
  if (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  const name = normalizeHostName(hostname());
  if (name && (host === name || host === `${name}.local`)) return true;
  return Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some(({ address, family }) => {
      const normalized = family === 'IPv6' ? normalizeHostName(address) : address;
      return normalized === host;
    }),
  );
}

/**
 * Whether an `Origin` header names the site a request was sent to: the scheme the server speaks
 * (`https` with TLS), and the host name and port of `host` (the raw `Host` header), default ports
 * counting as given.
 *
 * @example
 * originMatchesHost('http://localhost:7777', 'localhost:7777', false) // true
 * originMatchesHost('https://localhost:7777', 'localhost:7777', false) // false: another scheme
 */
export function originMatchesHost(origin: string, host: string | undefined, tls: boolean): boolean {
  if (!host) return false;
  const protocol = tls ? 'https:' : 'http:';
  try {
    const from = new URL(origin);
    if (from.protocol !== protocol) return false;
    return from.host === new URL(`${protocol}//${host}`).host;
  } catch {
    return false;
  }
}
