// Query-string parameters of the Integration API (spec: Limits, Endpoints rule 3).
import { HttpError } from './errors.js';

export type Query = Map<string, string[]>;

/** Parses `a=1&b=2`; `+` is a space; a malformed escape keeps the raw text, which then fails
 * the parameter's own grammar. */
export function parseQuery(raw: string): Query {
  const out: Query = new Map();
  if (raw === '') return out;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    const list = out.get(name);
    if (list) list.push(value);
    else out.set(name, [value]);
  }
  return out;
}

function decode(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The single value of a parameter; a repeated parameter is as invalid as a bad value. */
function single(q: Query, name: string, code: string, message: string): string | undefined {
  const list = q.get(name);
  if (!list) return undefined;
  if (list.length !== 1) throw new HttpError(400, code, message);
  return list[0];
}

/** An integer written the one canonical way: ASCII digits, no sign, no leading zero, no
 * space, point or exponent. Stricter readings ('+5', '1.0', '007') are all refused alike, on
 * /players, /pals and /events. Six digits are more than any maximum here. */
const CANONICAL_POSITIVE_INT = /^[1-9][0-9]{0,5}$/;

/** `limit`: an integer from 1 to `max`, default `def`; else 400 `invalid_limit`. */
export function parseLimit(q: Query, def: number, max: number): number {
  const message = `The limit must be an integer from 1 to ${max}.`;
  const raw = single(q, 'limit', 'invalid_limit', message);
  if (raw === undefined) return def;
  if (!CANONICAL_POSITIVE_INT.test(raw)) throw new HttpError(400, 'invalid_limit', message);
  const n = Number(raw);
  if (n > max) throw new HttpError(400, 'invalid_limit', message); // the pattern refuses 0
  return n;
}

/** `online`: only `true` is allowed (Endpoints rule 3). */
export function parseOnline(q: Query): boolean {
  const raw = single(q, 'online', 'invalid_request', 'The online parameter accepts only "true".');
  if (raw === undefined) return false;
  if (raw !== 'true') throw new HttpError(400, 'invalid_request', 'The online parameter accepts only "true".');
  return true;
}

export function cursorParam(q: Query): string | undefined {
  return single(q, 'cursor', 'invalid_cursor', 'The cursor is not valid.');
}
