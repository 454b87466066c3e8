// Throttling of failed panel logins, per username and per client address (the address of the
// connection: forwarding headers are not trusted). The first few failures are free; after
// that each failure doubles the wait before the next attempt, up to a minute, and a bucket
// with no failure for a few minutes is forgotten, so a real user is never locked out long.
// Attempts count as failures from the moment they start, so parallel guesses cannot slip
// through while the password hash is being computed; a success takes its count back.

export interface ThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  maxEntries: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 5 * 60_000,
  maxEntries: 10_000,
};

interface Bucket {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

export class LoginThrottle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly opts: ThrottleOptions = DEFAULT_THROTTLE) {}

  /** Seconds to wait before the next attempt (0: go ahead). */
  retryAfterSec(keys: string[], nowMs: number): number {
    let waitMs = 0;
    for (const key of keys) {
      const b = this.live(key, nowMs);
      if (b && b.blockedUntil > nowMs) waitMs = Math.max(waitMs, b.blockedUntil - nowMs);
    }
    return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
  }

  /** Counts an attempt as a failure (called before the password is checked). */
  attempt(keys: string[], nowMs: number): void {
    for (const key of keys) {
      let b = this.live(key, nowMs);
      if (!b) {
        this.makeRoom(nowMs);
        b = { failures: 0, lastFailureAt: nowMs, blockedUntil: 0 };
        this.buckets.set(key, b);
      }
      b.failures++;
      b.lastFailureAt = nowMs;
      this.block(b, nowMs);
    }
  }

  /** A successful login: the username's bucket is cleared; the address's attempt is taken back. */
  succeeded(usernameKey: string, otherKeys: string[], nowMs: number): void {
    this.buckets.delete(usernameKey);
    for (const key of otherKeys) {
      const b = this.live(key, nowMs);
      if (!b) continue;
      b.failures = Math.max(0, b.failures - 1);
      if (b.failures < this.opts.freeFailures) b.blockedUntil = 0;
    }
  }

  get size(): number {
    return this.buckets.size;
  }

  private block(b: Bucket, nowMs: number): void {
    const over = b.failures - this.opts.freeFailures;
    if (over >= 0) b.blockedUntil = nowMs + Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** Math.min(over, 30));
  }

  private live(key: string, nowMs: number): Bucket | undefined {
    const b = this.buckets.get(key);
    if (b && nowMs - b.lastFailureAt > this.opts.forgetAfterMs && b.blockedUntil <= nowMs) {
      this.buckets.delete(key);
      return undefined;
    }
    return b;
  }

  /**
   * A full table first forgets what has expired; if it is still full, it drops a tenth of its
   * entries, those that matter least first: not blocked before blocked, fewer failures before
   * more, older before newer. So a flood of failures with fresh names and addresses only ever
   * pushes out other one-off failures, and a blocked username or address outlives it.
   */
  private makeRoom(nowMs: number): void {
    if (this.buckets.size < this.opts.maxEntries) return;
    for (const key of [...this.buckets.keys()]) this.live(key, nowMs);
    if (this.buckets.size < this.opts.maxEntries) return;
    const rank = (b: Bucket) => [b.blockedUntil > nowMs ? 1 : 0, b.failures, b.lastFailureAt];
    const order = [...this.buckets].sort(([, a], [, b]) => {
      const ra = rank(a);
      const rb = rank(b);
      return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
    });
    const drop = this.buckets.size - Math.floor(this.opts.maxEntries * 0.9);
    for (const [key] of order.slice(0, drop)) this.buckets.delete(key);
  }
}
