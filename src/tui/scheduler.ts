// Spends the key's rate-limit budget across the dashboard's routes. Pure: the clock is passed
// in. Each route has a period; a due route is sent only while the requests of the last minute
// stay under the budget, and nothing is sent before a server's Retry-After has passed.

export interface RouteSpec {
  key: string;
  periodMs: number;
}

export class Scheduler {
  private readonly sent: number[] = [];
  private readonly lastSent = new Map<string, number>();
  private readonly forced = new Set<string>();
  private pausedUntil = 0;

  constructor(
    private readonly routes: RouteSpec[],
    /** Requests per minute the dashboard may spend (below the key's limit). */
    readonly budget: number,
  ) {}

  /** Routes to request now, highest priority first (the order of `routes`). Records them. */
  due(now: number): string[] {
    while (this.sent.length && this.sent[0] <= now - 60_000) this.sent.shift();
    if (now < this.pausedUntil) return [];
    const out: string[] = [];
    for (const r of this.routes) {
      if (this.sent.length >= this.budget) break;
      const last = this.lastSent.get(r.key);
      if (!this.forced.has(r.key) && last !== undefined && now - last < r.periodMs) continue;
      this.forced.delete(r.key);
      this.lastSent.set(r.key, now);
      this.sent.push(now);
      out.push(r.key);
    }
    return out;
  }

  /** Asks for a route at the next tick (a key press, a page change). */
  force(key: string): void {
    this.forced.add(key);
  }

  forceAll(): void {
    for (const r of this.routes) this.forced.add(r.key);
  }

  /** A 429: nothing more until Retry-After has passed. */
  pause(now: number, retryAfterSec: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterSec * 1000);
  }

  pausedFor(now: number): number {
    return Math.max(0, this.pausedUntil - now);
  }

  /** Requests sent within the last minute. */
  spent(now: number): number {
    return this.sent.filter((t) => t > now - 60_000).length;
  }
}
