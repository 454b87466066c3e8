// The value grammars of palpanel's settings (interface.md, Settings): durations, host:port,
// URLs, origins, proxy lists, command lines, on/off. Each is a zod parser from the text of a
// flag or variable to the typed value; settings.ts binds them to names, defaults and flags.
import { z } from 'zod';
import { parseDuration } from '../lib/duration.js';
import { isAddressOrCidr } from '../lib/addresses.js';
import { commandWords, CommandWordsError } from '../domain/command-words.js';

export interface HostPort {
  host: string;
  port: number;
}

export const duration = z.string().transform((s, ctx) => {
  const ms = parseDuration(s);
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: 'bad duration' });
    return z.NEVER;
  }
  return ms;
});

/** Node timers hold at most 2^31-1 ms (about 24.8 days); a longer delay fires after 1 ms. Any
 * positive interval is accepted (interface.md), so a longer one waits that maximum instead of
 * turning a poller into a busy loop. */
export const MAX_TIMER_MS = 2_147_483_647;
export const interval = duration.transform((ms) => Math.min(ms, MAX_TIMER_MS));

export function parseHostPort(text: string): HostPort | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text.trim());
  if (!m) return null;
  const port = Number(m[2]);
  if (port > 65535) return null;
  return { host: m[1].replace(/^\[|\]$/g, ''), port };
}

export const hostPort = z.string().transform((s, ctx) => {
  const hp = parseHostPort(s);
  if (!hp) {
    ctx.addIssue({ code: 'custom', message: 'bad address' });
    return z.NEVER;
  }
  return hp;
});

export const httpUrl = z.string().transform((s, ctx) => {
  try {
    const u = new URL(s);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.search) {
      return u.toString().replace(/\/+$/, '');
    }
  } catch {
    /* reported below */
  }
  ctx.addIssue({ code: 'custom', message: 'bad url' });
  return z.NEVER;
});

// Any positive whole number (interface.md); only the safe-integer range bounds it.
export const positiveInt = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number)
  .refine((n) => n >= 1 && Number.isSafeInteger(n));

export const nonEmpty = z.string().min(1).max(4096);

// The address users open: an http(s) origin (scheme, host, optional port), no path or query.
export const publicOrigin = z.string().transform((s, ctx) => {
  try {
    const u = new URL(s);
    if (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      !u.username &&
      !u.password &&
      !u.search &&
      !u.hash &&
      /^\/?$/.test(u.pathname)
    )
      return u.origin;
  } catch {
    /* reported below */
  }
  ctx.addIssue({ code: 'custom', message: 'not an origin' });
  return z.NEVER;
});

// Reverse proxies: comma-separated IPv4/IPv6 addresses or CIDRs (checked by node's BlockList).
// A list that trusts every address (0.0.0.0/0, ::/0, ::ffff:0:0/96, or halves that add up to
// them) believes X-Forwarded-For from any client, which then names its own address to the login
// throttle: refused at start (interface.md, "Bounds").
export const proxyList = z.string().transform((s, ctx) => {
  const items = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!isAddressOrCidr(item)) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR: ${item.slice(0, 60)}` });
      return z.NEVER;
    }
  }
  if (coversEveryAddress(items)) {
    ctx.addIssue({
      code: 'custom',
      message: 'together these cover every address, so any client could name its own address',
      params: { sayWhy: true },
    });
    return z.NEVER;
  }
  return items;
});

const V6_BITS = 128n;
const V4_MAPPED = 0xffff00000000n; // ::ffff:0.0.0.0, where IPv4 addresses sit in the IPv6 space

/** An address (already checked by isAddressOrCidr) as its 128-bit number; IPv4 as IPv4-mapped. */
function addressBits(addr: string): bigint {
  if (!addr.includes(':')) return V4_MAPPED + addr.split('.').reduce((n, part) => (n << 8n) + BigInt(part), 0n);
  let text = addr.split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = addressBits(dotted[1]) - V4_MAPPED;
    text = text.slice(0, dotted.index) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].reduce((n, g) => (n << 16n) + BigInt(parseInt(g, 16)), 0n);
}

/** Whether the entries together hold every IPv4 address, or every IPv6 address outside the
 * IPv4-mapped block. */
function coversEveryAddress(items: readonly string[]): boolean {
  const ranges = items
    .map((item) => {
      const [addr, prefix] = item.split('/');
      const isV4 = !addr.includes(':');
      const hostBits = prefix === undefined ? 0n : (isV4 ? 32n : V6_BITS) - BigInt(prefix);
      const start = (addressBits(addr) >> hostBits) << hostBits;
      return [start, start + (1n << hostBits) - 1n] as const;
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const covered = (from: bigint, to: bigint): boolean => {
    let next = from; // the lowest address of [from, to] not yet seen covered
    for (const [lo, hi] of ranges) {
      if (lo > next) break;
      if (hi >= next) next = hi + 1n;
      if (next > to) return true;
    }
    return false;
  };
  const v4 = covered(V4_MAPPED, V4_MAPPED + 0xffffffffn);
  const v6 = covered(0n, V4_MAPPED - 1n) && covered(V4_MAPPED + 0x100000000n, (1n << V6_BITS) - 1n);
  return v4 || v6;
}

// The off-site copy command: words as domain/command-words.ts splits them, never a shell line.
export const commandLine = z
  .string()
  .max(4096)
  .transform((s, ctx) => {
    try {
      return commandWords(s);
    } catch (err) {
      if (!(err instanceof CommandWordsError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  });

// A compose service name as compose takes one.
export const composeService = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/);

// Tiles of the live map: palpanel ships none (the artwork is Pocketpair's); a host may serve its own.
export const tileTemplate = z
  .string()
  .max(2048)
  .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)))
  .refine((v) => URL.canParse(v.replace(/[{}]/g, '')) && /^https?:$/.test(new URL(v.replace(/[{}]/g, '')).protocol));

/** On/off settings (interface.md): on/off, true/false, 1/0, yes/no, in any case; the docker image
 * and most hosts write true/false. */
const ON = ['on', 'true', '1', 'yes'];
const OFF = ['off', 'false', '0', 'no'];
export const onOff = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => ON.includes(v) || OFF.includes(v))
  .transform((v) => ON.includes(v));
