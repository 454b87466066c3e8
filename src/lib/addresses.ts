// Client addresses and the reverse proxies palpanel believes (interface.md, "Beside a real
// server": SERVICE_TRUSTED_PROXIES). Node's BlockList does the matching; IPv4 addresses that
// arrive as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, a dual-stack listener) are matched as IPv4.
import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` as `1.2.3.4`; any other address as given. */
export function plainAddress(addr: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr);
  return m ? m[1] : addr;
}

/** An IPv4 or IPv6 address, or one with a `/prefix` of its family's length. */
export function isAddressOrCidr(item: string): boolean {
  const [addr, prefix, extra] = item.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Matches addresses against a list of addresses and CIDRs (already checked by isAddressOrCidr). */
export function addressMatcher(items: readonly string[]): (addr: string) => boolean {
  if (items.length === 0) return () => false;
  const list = new BlockList();
  for (const item of items) {
    const [addr, prefix] = item.split('/');
    const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return (raw) => {
    const addr = plainAddress(raw);
    const family = isIP(addr);
    return family !== 0 && list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
  };
}
