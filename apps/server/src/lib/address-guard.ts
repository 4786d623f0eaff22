import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Never reachable: link-local (cloud metadata lives there), "this network" and multicast. */
const alwaysBlocked = new BlockList();
alwaysBlocked.addSubnet('169.254.0.0', 16, 'ipv4');
alwaysBlocked.addSubnet('0.0.0.0', 8, 'ipv4');
alwaysBlocked.addSubnet('224.0.0.0', 4, 'ipv4');
alwaysBlocked.addSubnet('fe80::', 10, 'ipv6');
alwaysBlocked.addSubnet('ff00::', 8, 'ipv6');
alwaysBlocked.addAddress('::', 'ipv6');

/** Loopback and private ranges: refused when the guard is strict (production by default). */
const privateRanges = new BlockList();
privateRanges.addSubnet('127.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('100.64.0.0', 10, 'ipv4');
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');

export interface GuardPolicy {
  blockPrivate: boolean;
  /** Host names that may resolve to private addresses even when blockPrivate is on. */
  allowedHosts: string[];
}

function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** Whether a connection to this address, reached through this host name, is allowed. */
export function isAddressAllowed(address: string, hostname: string, policy: GuardPolicy): boolean {
  const { address: plain, family } = unmapped(address);
  if (alwaysBlocked.check(plain, family)) return false;
  if (!policy.blockPrivate) return true;
  if (policy.allowedHosts.includes(hostname.toLowerCase())) return true;
  return !privateRanges.check(plain, family);
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
 * actually connected to (no DNS rebinding between check and connect).
 */
export function guardedLookup(policy: GuardPolicy) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = list.find((entry) => !isAddressAllowed(entry.address, hostname, policy));
      if (refused) return callback(new BlockedAddressError(`blocked address ${refused.address}`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), []);
      callback(null, first.address, first.family);
    });
  };
}
