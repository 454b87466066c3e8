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
