// Unreal DateTime ticks (100 ns since 0001-01-01 UTC) to RFC 3339 UTC.

/** Ticks at 1970-01-01T00:00:00Z. */
const UNIX_EPOCH_TICKS = 621355968000000000n;
/** Date supports ±8.64e15 ms around the epoch. */
const MAX_MS = 8640000000000000n;

/** RFC 3339 (UTC, milliseconds) or undefined when the ticks are out of range. */
export function ticksToIso(ticks: bigint | undefined): string | undefined {
  if (ticks === undefined || ticks <= 0n) return undefined;
  const ms = (ticks - UNIX_EPOCH_TICKS) / 10000n;
  if (ms > MAX_MS || ms < -MAX_MS) return undefined;
  return new Date(Number(ms)).toISOString();
}

/** In-game days elapsed from GameTimeSaveData.GameDateTimeTicks (864e9 ticks a day). */
export function gameDay(gameTicks: number | undefined): number | undefined {
  if (gameTicks === undefined || !Number.isFinite(gameTicks) || gameTicks < 0) return undefined;
  return Math.max(1, Math.floor(gameTicks / 864e9));
}
