import { describe, expect, it } from 'vitest';
import { canonicalIpRange, ipAllowed } from './ip-ranges.ts';

describe('an API key’s addresses', () => {
  it('takes IPv4 and IPv6 addresses and CIDR ranges, kept in canonical form', () => {
    expect(canonicalIpRange(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(canonicalIpRange('198.51.100.9/24')).toBe('198.51.100.0/24');
    expect(canonicalIpRange('2001:DB8::1/32')).toBe('2001:db8::/32');
    expect(canonicalIpRange('::ffff:203.0.113.8')).toBe('203.0.113.8');
    expect(canonicalIpRange('::ffff:127.0.0.1/104')).toBe('127.0.0.0/8');
    expect(canonicalIpRange('203.0.113.7/32')).toBe('203.0.113.7');
  });

  it('refuses what is not one, and octal-looking parts a reader would misread', () => {
    for (const bad of [
      '',
      'abc',
      '1.2.3',
      '256.1.1.1',
      '010.0.0.1',
      '1.2.3.4/',
      '1.2.3.4/33',
      '::1/129',
      '1.2.3.4/-1',
    ]) {
      expect(canonicalIpRange(bad), bad).toBeNull();
    }
  });

  it('lets a caller in only from inside a range, IPv4-mapped callers as IPv4', () => {
    const ranges = ['198.51.100.0/24', '2001:db8::/32', '203.0.113.7'];
    expect(ipAllowed('198.51.100.250', ranges)).toBe(true);
    expect(ipAllowed('::ffff:198.51.100.3', ranges)).toBe(true);
    expect(ipAllowed('2001:db8:1::5', ranges)).toBe(true);
    expect(ipAllowed('203.0.113.7', ranges)).toBe(true);
    expect(ipAllowed('203.0.113.8', ranges)).toBe(false);
    expect(ipAllowed('198.51.101.1', ranges)).toBe(false);
    expect(ipAllowed('not an address', ranges)).toBe(false);
  });
});
