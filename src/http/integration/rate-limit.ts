// Per-key sliding-window rate limit (spec: Limits, Rate limit details). Each key keeps the
// moments of its requests within the window; a request is refused when the window already
// holds `limit` of them, and `Retry-After` says when the oldest one ages out.
//
// Memory is bounded: requests of the same millisecond share one entry, so a key holds at most
// min(limit, windowMs) entries; with a limit above `maxEntries` per window, entries group
// requests `granularity` ms apart (each group ages out with its first request: at most
// `granularity` ms early). Keys are only ever ids that passed authentication, and idle ones are
// swept, so the map is bounded by the number of keys in use.

export type RateDecision = { ok: true } | { ok: false; retryAfterSec: number };

interface Window {
  times: number[];
  counts: number[];
  head: number;
  total: number;
}

export class SlidingWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly granularity: number;
  private hitsSinceSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    maxEntries = 6_000,
  ) {
    this.granularity = limit > maxEntries ? Math.ceil(windowMs / maxEntries) : 1;
  }

  /** Counts one request of `id` at `nowMs`, or refuses it (a refused request is not counted). */
  hit(id: string, nowMs: number): RateDecision {
    if (++this.hitsSinceSweep >= 10_000) this.sweep(nowMs);
    let w = this.windows.get(id);
    if (!w) this.windows.set(id, (w = { times: [], counts: [], head: 0, total: 0 }));
    this.evict(w, nowMs);
    if (w.total >= this.limit) {
      const oldest = w.times[w.head];
      return { ok: false, retryAfterSec: Math.max(1, Math.ceil((oldest + this.windowMs - nowMs) / 1000)) };
    }
    const last = w.times.length - 1;
    if (last >= w.head && nowMs - w.times[last] < this.granularity) {
      w.counts[last]++;
    } else {
      w.times.push(nowMs);
      w.counts.push(1);
    }
    w.total++;
    return { ok: true };
  }

  /** Number of keys currently tracked (for tests of the memory bound). */
  get size(): number {
    return this.windows.size;
  }

  /** Requests of `id` inside the window as of `nowMs`. */
  used(id: string, nowMs: number): number {
    const w = this.windows.get(id);
    if (!w) return 0;
    this.evict(w, nowMs);
    return w.total;
  }

  /** Entries held for `id` (for tests of the memory bound). */
  entries(id: string): number {
    const w = this.windows.get(id);
    return w ? w.times.length - w.head : 0;
  }

  /** Forgets keys whose window is empty. */
  sweep(nowMs: number): void {
    this.hitsSinceSweep = 0;
    for (const [id, w] of this.windows) {
      this.evict(w, nowMs);
      if (w.total === 0) this.windows.delete(id);
    }
  }

  private evict(w: Window, nowMs: number): void {
    while (w.head < w.times.length && w.times[w.head] + this.windowMs <= nowMs) {
      w.total -= w.counts[w.head];
      w.head++;
    }
    if (w.head === w.times.length) {
      w.times.length = 0;
      w.counts.length = 0;
      w.head = 0;
    } else if (w.head >= 1024 && w.head * 2 >= w.times.length) {
      w.times.splice(0, w.head);
      w.counts.splice(0, w.head);
      w.head = 0;
    }
  }
}
