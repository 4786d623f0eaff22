import { describe, expect, it, vi } from 'vitest';
import { type GuardPolicy, isAddressAllowed, isHostAllowlisted } from './address-guard.ts';

// A machine whose interface carries a public address, as a server on a public network does.
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:os')>()),
  networkInterfaces: () => ({
    lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
    eth0: [
      { address: '11.22.33.99', family: 'IPv4', internal: false },
      { address: 'fe80::a:b', family: 'IPv6', internal: false, scopeid: 2 },
    ],
  }),
}));

const strict: GuardPolicy = { blockPrivate: true, allowedHosts: [], ownAddresses: () => [] };
const lenient: GuardPolicy = { blockPrivate: false, allowedHosts: [], ownAddresses: () => [] };

/** Addresses no strict guard lets through, whatever their spelling. */
const notPublic = [
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.2', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['2001::1', 'Teredo'],
  ['100::1', 'discard-only'],
  ['::ffff:127.0.0.1', 'mapped loopback'],
  ['::ffff:7f00:1', 'mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'mapped private'],
  ['::ffff:a9fe:a9fe', 'mapped link-local'],
  ['::ffff:0:c0a8:101', 'translated private'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback, hex'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['2002:c0a8:101::1', '6to4 of a private address'],
] as const;

/** Ordinary public addresses (no host behind them is named or called). */
const publicAddresses = ['11.22.33.44', '198.20.0.1', '100.128.0.1', '2a00:1:2::3', '64:ff9b::b16:212c'];

describe('isAddressAllowed, strict (production)', () => {
  it.each(notPublic)('refuses %s (%s)', (address) => {
    expect(isAddressAllowed(address, strict)).toBe(false);
  });

  it.each(publicAddresses)('lets %s through', (address) => {
    expect(isAddressAllowed(address, strict)).toBe(true);
  });

  it("refuses this machine's own addresses, in any spelling, even public ones", () => {
    const policy: GuardPolicy = { ...strict, ownAddresses: () => ['11.22.33.44', '2a00:1:2::3'] };
    expect(isAddressAllowed('11.22.33.44', policy)).toBe(false);
    expect(isAddressAllowed('::ffff:11.22.33.44', policy)).toBe(false);
    expect(isAddressAllowed('2a00:1:2:0:0:0:0:3', policy)).toBe(false);
    expect(isAddressAllowed('11.22.33.45', policy)).toBe(true);
  });

  it("reads the machine's interfaces when not told otherwise", () => {
    const policy: GuardPolicy = { blockPrivate: true, allowedHosts: [] };
    expect(isAddressAllowed('11.22.33.99', policy)).toBe(false);
    expect(isAddressAllowed('64:ff9b::b16:2163', policy)).toBe(false);
    expect(isAddressAllowed('11.22.33.98', policy)).toBe(true);
    expect(isAddressAllowed('11.22.33.99', { ...policy, blockPrivate: false })).toBe(true);
  });

  it('an allowlisted host lifts the strict ranges, never the always-blocked ones', () => {
    expect(isAddressAllowed('10.1.2.3', strict, true)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', strict, true)).toBe(true);
    expect(isAddressAllowed('169.254.169.254', strict, true)).toBe(false);
    expect(isAddressAllowed('::ffff:169.254.169.254', strict, true)).toBe(false);
    expect(isAddressAllowed('0.0.0.0', strict, true)).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    expect(isAddressAllowed('not-an-ip', lenient)).toBe(false);
  });
});

describe('isAddressAllowed, lenient (development and tests)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '::1', 'fd00::1', '192.0.2.2'])('lets %s through', (address) => {
    expect(isAddressAllowed(address, lenient)).toBe(true);
  });

  it.each([
    '169.254.169.254',
    '::ffff:169.254.169.254',
    'fe80::1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
  ])('still refuses %s', (address) => {
    expect(isAddressAllowed(address, lenient)).toBe(false);
  });
});

describe('isHostAllowlisted', () => {
  const policy: GuardPolicy = {
    blockPrivate: true,
    allowedHosts: [
      { host: 'provedor.interno', port: 8443 },
      { host: 'dados.interno', port: null },
      { host: '::1', port: 9000 },
    ],
  };
  const target = (hostname: string, protocol: string, port: string | number) => ({
    hostname,
    protocol,
    port,
  });

  it('opens the named port only', () => {
    expect(isHostAllowlisted(policy, target('provedor.interno', 'https:', '8443'))).toBe(true);
    expect(isHostAllowlisted(policy, target('PROVEDOR.interno.', 'http:', '8443'))).toBe(true);
    expect(isHostAllowlisted(policy, target('provedor.interno', 'https:', ''))).toBe(false);
    expect(isHostAllowlisted(policy, target('provedor.interno', 'http:', '22'))).toBe(false);
  });

  it("a bare host opens its scheme's default port only", () => {
    expect(isHostAllowlisted(policy, target('dados.interno', 'https:', ''))).toBe(true);
    expect(isHostAllowlisted(policy, target('dados.interno', 'http:', ''))).toBe(true);
    expect(isHostAllowlisted(policy, target('dados.interno', 'https:', 443))).toBe(true);
    expect(isHostAllowlisted(policy, target('dados.interno', 'http:', '443'))).toBe(false);
    expect(isHostAllowlisted(policy, target('dados.interno', 'http:', '6379'))).toBe(false);
  });

  it('matches IPv6 hosts with or without brackets, and nothing else', () => {
    expect(isHostAllowlisted(policy, target('[::1]', 'http:', '9000'))).toBe(true);
    expect(isHostAllowlisted(policy, target('::1', 'http:', 9000))).toBe(true);
    expect(isHostAllowlisted(policy, target('outro.interno', 'http:', '8443'))).toBe(false);
  });
});
