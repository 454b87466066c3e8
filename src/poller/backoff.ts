// Backoff of the pollers after failures. interface.md fixes the bound: the gap between two
// attempts never stretches beyond 4 intervals or 30 s (whichever is smaller), and never below
// one interval. The first retry comes at the normal pace, so a single lost answer costs no
// more than one interval; then the gap doubles up to the cap.

export const MAX_GAP_MS = 30_000;

/** The longest gap between attempts for a poll interval (never shorter than the interval). */
export function gapCap(intervalMs: number): number {
  return Math.max(intervalMs, Math.min(4 * intervalMs, MAX_GAP_MS));
}

/** Gap before the next attempt, from the start of the previous one. */
export function nextGap(intervalMs: number, consecutiveFailures: number): number {
  if (consecutiveFailures <= 1) return intervalMs;
  return Math.min(intervalMs * 2 ** (consecutiveFailures - 1), gapCap(intervalMs));
}

/**
 * Deadline of one attempt's calls to the game. Gaps run from start to start, so an attempt
 * that hangs until a long client timeout (5 s) would itself stretch the gap past the cap
 * (e.g. 250 ms polling: cap 1 s). Capping the call at 90 % of the cap keeps every gap within
 * the bound, with room for the bookkeeping around the call.
 */
export function attemptTimeout(intervalMs: number): number {
  return Math.max(1, Math.floor(gapCap(intervalMs) * 0.9));
}
