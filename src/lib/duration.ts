// Durations as operators write them: `250ms`, `5s`, `2m`, `1h`, `7d` (interface.md, Settings).

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses a duration into milliseconds; returns null for anything that is not a positive,
 * whole number followed by one of the units above. */
export function parseDuration(text: string): number | null {
  const m = /^(\d{1,12})(ms|s|m|h|d)$/.exec(text.trim());
  if (!m) return null;
  const ms = Number(m[1]) * UNIT_MS[m[2]];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}
