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
  return items;
});

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
