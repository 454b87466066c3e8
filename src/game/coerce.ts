// Field coercion for answers from the game: nothing read from the wire is trusted for type or
// size. Each helper returns a safe default instead of throwing, because older builds lack
// fields and the poller must keep working on a partial answer.

export const MAX_STRING = 256;

/** Objects only (no arrays, no null). */
export function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A string bounded in length; numbers and booleans are stringified (some builds send ids as numbers). */
export function str(v: unknown, max = MAX_STRING): string {
  let s: string;
  if (typeof v === 'string') s = v;
  else if (typeof v === 'number' && Number.isFinite(v)) s = String(v);
  else if (typeof v === 'boolean') s = v ? 'true' : 'false';
  else return '';
  return s.length > max ? truncateCodePoints(s, max) : s;
}

/** Cuts at `max` UTF-16 units without leaving half a surrogate pair. */
export function truncateCodePoints(s: string, max: number): string {
  if (s.length <= max) return s;
  let cut = s.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/** A finite number; numeric strings are accepted (text/plain builds, hand-written proxies). */
export function num(v: unknown, fallback = 0): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : fallback;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : fallback;
  }
  return fallback;
}

/** A non-negative integer, clamped to a sane ceiling (counts, levels, seconds). */
export function count(v: unknown, max = 1e12): number {
  const n = Math.trunc(num(v, 0));
  if (n < 0) return 0;
  return n > max ? max : n;
}

/** Present and usable as a number? (`serverfpsaverage` missing is not the same as 0.) */
export function hasNum(v: unknown): boolean {
  return Number.isFinite(num(v, Number.NaN));
}

/** `true`/`"true"` (any case) → true; everything else false. `IsActive` arrives as a string. */
export function bool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  return typeof v === 'string' && v.trim().toLowerCase() === 'true';
}

/** Explicitly false? Distinguishes `"false"` from a missing field. */
export function isFalse(v: unknown): boolean {
  if (typeof v === 'boolean') return !v;
  return typeof v === 'string' && v.trim().toLowerCase() === 'false';
}

/** Parses a body as JSON by its content, whatever the content type said; null when it is not JSON. */
export function parseJson(text: string): unknown {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}
