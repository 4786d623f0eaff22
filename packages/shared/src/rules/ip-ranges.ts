import ipaddr from 'ipaddr.js';

/**
 * Addresses and CIDR ranges an API key may be used from (docs/product/api-keys.md#restrictions).
 * Parsing and matching are ipaddr.js's; this file only says what the panel accepts: an IPv4 or
 * IPv6 address, or a range written as address/prefix, normalised so that '010.0.0.1' is refused
 * (ipaddr.js would read it as octal), and '192.168.0.7/24' is kept as '192.168.0.0/24'.
 */

export type IpRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** The range as the panel stores and shows it, or null when the text is not one. */
export function canonicalIpRange(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 64) return null;
  try {
    // A zone (fe80::1%eth0) names an interface of the caller's own machine: never a caller's address.
    if (trimmed.includes('%')) return null;
    if (trimmed.includes('/')) {
      const [, bits] = trimmed.split('/');
      // No leading zeros ('/08'), and no '/0': a range of every address is no restriction.
      if (bits === undefined || !/^[1-9]\d{0,2}$/.test(bits)) return null;
      const [parsed, parsedPrefix] = ipaddr.parseCIDR(trimmed);
      if (!strictAddress(trimmed.slice(0, trimmed.indexOf('/')))) return null;
      let address = parsed;
      let prefix = parsedPrefix;
      // An IPv4-mapped IPv6 range is the IPv4 range it carries, as callers' addresses are read.
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
        if (prefix < 96) return null;
        address = (address as ipaddr.IPv6).toIPv4Address();
        prefix -= 96;
        if (prefix === 0) return null;
      }
      const full = address.kind() === 'ipv4' ? 32 : 128;
      const network = networkOf(address, prefix);
      // A range of one address is that address.
      return prefix === full ? network.toString() : `${network.toString()}/${prefix}`;
    }
    if (!strictAddress(trimmed)) return null;
    // An IPv4-mapped IPv6 address ('::ffff:1.2.3.4') is the IPv4 address it carries.
    return ipaddr.process(trimmed).toString();
  } catch {
    return null;
  }
}

/** Four decimal parts without leading zeros, or any valid IPv6 text. */
function strictAddress(text: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return !/(^|\.)0\d/.test(text);
  return !text.includes('.') || text.includes(':') ? ipaddr.IPv6.isValid(text) : false;
}

function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < bytes.length * 8; bit++) {
    const index = Math.floor(bit / 8);
    bytes[index] = (bytes[index] ?? 0) & ~(1 << (7 - (bit % 8)));
  }
  return ipaddr.fromByteArray(bytes);
}

/** Whether the caller's address is inside one of the ranges (an IPv4-mapped IPv6 counts as IPv4). */
export function ipAllowed(callerIp: string, ranges: readonly string[]): boolean {
  let caller: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    caller = ipaddr.process(callerIp);
  } catch {
    return false;
  }
  return ranges.some((range) => {
    try {
      const [network, prefix] = range.includes('/')
        ? ipaddr.parseCIDR(range)
        : (() => {
            const single = ipaddr.parse(range);
            return [single, single.kind() === 'ipv4' ? 32 : 128] as const;
          })();
      return caller.kind() === network.kind() && caller.match(network as never, prefix);
    } catch {
      return false;
    }
  });
}
