import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

/** What this machine is called and where it is: what its server certificate names. */
export interface Machine {
  /** Its host name, lower case. */
  hostname: string;
  /** The addresses of its network interfaces, loopback included. */
  addresses: string[];
}

/** The names and address ranges an authority may sign for: its `nameConstraints`. */
export interface Constraints {
  /** dNSName subtrees: each permits the name itself and every name under it. */
  dns: string[];
  /** iPAddress subtrees, as CIDR (`10.0.0.0/8`, `fc00::/7`). */
  ips: string[];
}

/** The names a server certificate carries: DNS names and addresses. */
export interface ServerNames {
  dns: string[];
  ips: string[];
}

/** This machine now: host name and interface addresses (they change with the network). */
export function currentMachine(): Machine {
  return {
    hostname: hostname().toLowerCase(),
    addresses: Object.values(networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((entry) => entry.address),
    ),
  };
}

/**
 * Addresses a LAN device may reach a host by, whatever the network: loopback, RFC 1918, carrier
 * grade NAT (Tailscale's 100.64/10), IPv4 link-local, and IPv6 unique local addresses. IPv6
 * link-local is left out: a URL cannot name its zone.
 */
const privateRanges: readonly string[] = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
];

/** The DNS names of this machine: `localhost`, its host name and its mDNS name. */
function machineDnsNames(machine: Machine): string[] {
  const name = machine.hostname;
  return [...new Set(['localhost', name, name.endsWith('.local') ? name : `${name}.local`])];
}

/**
 * The addresses a server certificate names: every IPv4 address, and the IPv6 loopback and unique
 * local ones (global IPv6 addresses are often temporary, rotated daily; a device uses the name).
 */
function machineAddresses(machine: Machine): string[] {
  const ipv6 = blockListOf(['::1/128', 'fc00::/7']);
  const addresses = machine.addresses
    .map((address) => address.split('%')[0]!)
    .filter((address) => isIPv4(address) || (isIPv6(address) && ipv6.check(address, 'ipv6')));
  return [...new Set(addresses)].sort();
}

/**
 * What an authority made on this machine is constrained to: this machine's names, the private
 * ranges, and the exact IPv4 addresses it has outside them (a LAN numbered oddly).
 */
export function constraintsFor(machine: Machine): Constraints {
  const privates = blockListOf(privateRanges);
  const others = machineAddresses(machine).filter(
    (address) => !privates.check(address, isIPv4(address) ? 'ipv4' : 'ipv6'),
  );
  return {
    dns: machineDnsNames(machine),
    ips: [
      ...privateRanges,
      ...others.map((address) => (isIPv4(address) ? `${address}/32` : `${address}/128`)),
    ],
  };
}

/**
 * The names of `machine` that an authority with `constraints` may sign for (all of them when it
 * has none): a certificate with a single name outside them is refused whole by the browsers.
 */
export function coveredNames(machine: Machine, constraints: Constraints | undefined): ServerNames {
  const dns = machineDnsNames(machine);
  const ips = machineAddresses(machine);
  if (!constraints) return { dns, ips };
  const ranges = blockListOf(constraints.ips);
  return {
    dns: dns.filter((name) =>
      constraints.dns.some((base) => name === base || name.endsWith(`.${base}`)),
    ),
    ips: ips.filter((ip) => ranges.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6')),
  };
}

/** The names of `machine` left out of its certificate by `constraints`. */
export function uncoveredNames(machine: Machine, constraints: Constraints | undefined): string[] {
  const covered = coveredNames(machine, constraints);
  return [...machineDnsNames(machine), ...machineAddresses(machine)].filter(
    (name) => !covered.dns.includes(name) && !covered.ips.includes(name),
  );
}

function blockListOf(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIPv4(network) ? 'ipv4' : 'ipv6');
  }
  return list;
}
