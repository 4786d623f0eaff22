import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Never a provider, in any mode: link-local (cloud metadata lives there), "this network", the
 * unspecified address, multicast, and the reserved 240/4 with the broadcast address in it.
 */
const alwaysBlocked = new BlockList();
alwaysBlocked.addSubnet('0.0.0.0', 8, 'ipv4');
alwaysBlocked.addSubnet('169.254.0.0', 16, 'ipv4');
alwaysBlocked.addSubnet('224.0.0.0', 4, 'ipv4');
alwaysBlocked.addSubnet('240.0.0.0', 4, 'ipv4');
alwaysBlocked.addAddress('::', 'ipv6');
alwaysBlocked.addSubnet('fe80::', 10, 'ipv6');
alwaysBlocked.addSubnet('ff00::', 8, 'ipv6');

/**
 * Everything else that is not the public internet (RFC 6890 and its updates): refused when the
 * guard is strict (production by default) unless the operator allowlisted the host and port.
 */
const strictlyBlocked = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8], // private
  ['172.16.0.0', 12], // private
  ['192.168.0.0', 16], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['198.18.0.0', 15], // benchmarking
  ['192.88.99.0', 24], // old 6to4 relays
] as const) {
  strictlyBlocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fec0::', 10], // old site-local
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['5f00::', 16], // segment routing
] as const) {
  strictlyBlocked.addSubnet(network, prefix, 'ipv6');
}

/** One entry of UPSTREAM_ALLOWED_HOSTS; a null port means the scheme's default port (80 / 443). */
export interface AllowedHost {
  host: string;
  port: number | null;
}

export interface GuardPolicy {
  blockPrivate: boolean;
  /** Host and port pairs that may reach non-public addresses even when blockPrivate is on. */
  allowedHosts: AllowedHost[];
  /** This machine's own addresses; the interfaces as they are now unless a test says otherwise. */
  ownAddresses?: () => string[];
}

/** Lower case, without IPv6 brackets or a trailing dot, as UPSTREAM_ALLOWED_HOSTS entries are kept. */
export function canonicalHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

export function isHostAllowlisted(
  policy: GuardPolicy,
  target: { hostname: string; protocol: string; port: string | number },
): boolean {
  const host = canonicalHost(target.hostname);
  const defaultPort = target.protocol === 'https:' ? 443 : 80;
  const port = Number(target.port) || defaultPort;
  return policy.allowedHosts.some((entry) => entry.host === host && (entry.port ?? defaultPort) === port);
}

function currentInterfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address));
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 one carries, when packets to it reach that IPv4 host: mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96)
 * and 6to4 (2002::/16).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.some(Number.isNaN)) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroPrefix && g4 === 0 && g5 === 0xffff) return ipv4Of(g6, g7);
  // ::a.b.c.d, told apart from :: and ::1 (which have their own rules) by a non-zero a.b.
  if (zeroPrefix && g4 === 0 && g5 === 0 && g6 !== 0) return ipv4Of(g6, g7);
  if (zeroPrefix && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return null;
}

function isOwnAddress(address: string, family: 'ipv4' | 'ipv6', policy: GuardPolicy): boolean {
  const own = new BlockList();
  for (const entry of (policy.ownAddresses ?? currentInterfaceAddresses)()) {
    const plain = entry.replace(/%.*$/, '');
    const entryFamily = isIP(plain);
    if (entryFamily) own.addAddress(plain, entryFamily === 6 ? 'ipv6' : 'ipv4');
  }
  return own.check(address, family);
}

/**
 * Whether a connection to this address is allowed. `allowlisted` says the operator allowlisted
 * the host and port the connection is for: that lifts the strict ranges, never the always-blocked ones.
 */
export function isAddressAllowed(address: string, policy: GuardPolicy, allowlisted = false): boolean {
  const plain = address.replace(/%.*$/, '');
  const version = isIP(plain);
  if (version === 0) return false;
  const candidates: { address: string; family: 'ipv4' | 'ipv6' }[] = [
    { address: plain, family: version === 6 ? 'ipv6' : 'ipv4' },
  ];
  const inner = version === 6 ? embeddedIpv4(plain) : null;
  if (inner) candidates.push({ address: inner, family: 'ipv4' });

  if (candidates.some((entry) => alwaysBlocked.check(entry.address, entry.family))) return false;
  if (!policy.blockPrivate || allowlisted) return true;
  return !candidates.some(
    (entry) =>
      strictlyBlocked.check(entry.address, entry.family) || isOwnAddress(entry.address, entry.family, policy),
  );
}

export class BlockedAddressError extends Error {
  readonly code = 'UPSTREAM_BLOCKED';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A dns.lookup for sockets that refuses blocked answers, so the check holds for the address
 * actually connected to (no DNS rebinding between check and connect). One name answering with
 * a blocked address among others is refused whole.
 */
export function guardedLookup(policy: GuardPolicy, allowlisted: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !isAddressAllowed(entry.address, policy, allowlisted));
      if (refused) return callback(new BlockedAddressError(`blocked address ${refused.address}`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), []);
      callback(null, first.address, first.family);
    });
  };
}
