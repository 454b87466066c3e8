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
 * Deadline of one attempt's calls to the game once it has failed. Gaps run from start to
 * start, so an attempt that hangs until the client's own timeout (5 s) would stretch the gap
 * past the cap during an outage (e.g. 250 ms polling: cap 1 s). After a failure, calls are
 * therefore cut at 90 % of the cap, leaving room for the bookkeeping around them. A healthy
 * game keeps the client's timeout: one slow answer (a cold connection on a busy machine) must
 * not count as a failure, and it stretches no backoff, since none is running.
 */
export function attemptTimeout(intervalMs: number): number {
  return Math.max(1, Math.floor(gapCap(intervalMs) * 0.9));
}
