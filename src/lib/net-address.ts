// Addresses a request from palpanel must not reach unless the host allows it (issue 28, finding
// 10: webhooks): this machine, its link, private networks, and addresses that are no one's on
// the internet. A webhook URL naming such an address would let an admin (or whoever holds an
// admin session) make palpanel probe the host's own services and network.
import { BlockList, isIP } from 'node:net';

const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the host itself
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [a, p] of V4) blocked.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6) blocked.addSubnet(a, p, 'ipv6');

/** The IPv4 address an IPv6 address carries for NAT64 (64:ff9b::/96) or 6to4 (2002::/16). */
function embeddedV4(ip6: string): string | null {
  const groups = expand(ip6);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad counts as two). */
function expand(ip6: string): number[] | null {
  const text = ip6.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a: string, b: string, c: string, d: string) =>
    [(+a << 8) | +b, (+c << 8) | +d].map((n) => n.toString(16)).join(':'),
  );
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, fill)).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** True for an address on the public internet; false for loopback, link-local, private,
 * shared, reserved, documentation and multicast addresses (IPv4-mapped and NAT64 forms too),
 * and for anything that is not an IP address. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0];
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(ip, 'ipv6')) return false;
  const inner = embeddedV4(ip.toLowerCase());
  return inner === null || !blocked.check(inner, 'ipv4');
}

/** Host names that always mean this machine (RFC 6761): `localhost` and any name below it. */
export function isLocalHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** The key a client address is counted under for per-client caps (issue 37, finding 2): an IPv4
 * address as itself (the IPv4-mapped form too), an IPv6 address by its /64, the block a single
 * host or site is usually given, so one client cannot take a cap's worth of slots per address
 * of its prefix. Anything else is keyed as given. */
export function clientKey(address: string): string {
  const ip = address.replace(/^\[|\]$/g, '').split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const groups = expand(ip.toLowerCase());
  return groups
    ? `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}::/64`
    : ip;
}
