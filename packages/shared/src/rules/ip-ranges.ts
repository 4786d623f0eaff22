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
    if (trimmed.includes('/')) {
      const [, bits] = trimmed.split('/');
      if (bits === undefined || !/^\d{1,3}$/.test(bits)) return null;
      const [address, prefix] = ipaddr.parseCIDR(trimmed);
      if (!strictAddress(trimmed.slice(0, trimmed.indexOf('/')))) return null;
      const network = networkOf(address, prefix);
      return `${network.toString()}/${prefix}`;
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
