// Spends a request budget across the dashboard's routes. Pure: the clock is passed in.
//
// The key's rate limit is a sliding window of one minute (spec: Limits) whose size the client
// cannot know (60 by default, operator-configurable). The scheduler:
// - never sends more than `limit` requests within any minute (a hard cap; `limit` starts at the
//   budget);
// - spaces the routes so their planned rate fits in the budget, keeping a share free for
//   requests a key press asks for (refresh, paging): each route's period is stretched by the
//   same factor when the sum of the routes' rates is too high;
// - after a 429 sends nothing until Retry-After has passed, and lowers `limit` to what the
//   panel accepted in the last minute (the key's real limit, or a share of it when another
//   client uses the same key); every five quiet minutes after that give back a tenth (at least
//   one request), up to the budget, in case the cause has gone.

export interface RouteSpec {
  key: string;
  periodMs: number;
}

export const WINDOW_MS = 60_000;
/** Share of the budget left free for forced requests. */
const RESERVE = 0.15;
/** Time without a 429 before the limit is raised again. */
const RAISE_AFTER_MS = 5 * WINDOW_MS;

export class Scheduler {
  private readonly periods = new Map<string, number>();
  private readonly sent: number[] = [];
  private readonly refused: number[] = [];
  private readonly lastSent = new Map<string, number>();
  private readonly forced = new Set<string>();
  private pausedUntil = 0;
  private lastRefusal = -Infinity;
  private lastRaise = -Infinity;
  /** Requests per minute currently allowed (the budget, or less after a 429). */
  limit: number;

  constructor(
    private readonly routes: RouteSpec[],
    /** Requests per minute the dashboard may spend. */
    readonly budget: number,
  ) {
    if (!(budget >= 1)) throw new RangeError('budget must be at least 1');
    for (const r of routes) this.periods.set(r.key, r.periodMs);
    this.limit = Math.floor(budget);
  }

  /** Factor (≥ 1) by which every route's period is stretched to fit the current limit. */
  stretch(): number {
    let perMinute = 0;
    for (const p of this.periods.values()) perMinute += WINDOW_MS / p;
    return Math.max(1, perMinute / Math.max(1, this.limit * (1 - RESERVE)));
  }

  /** The effective refresh period of a route. */
  periodOf(key: string): number {
    return (this.periods.get(key) ?? WINDOW_MS) * this.stretch();
  }

  /** Changes a route's base period (e.g. a route whose data cannot change for now). */
  setPeriod(key: string, periodMs: number): void {
    if (this.periods.has(key)) this.periods.set(key, periodMs);
  }

  /** Routes to request now, in priority order (the order of `routes`); records them as sent. */
  due(now: number): string[] {
    this.prune(now);
    if (now < this.pausedUntil) return [];
    this.maybeRaise(now);
    const stretch = this.stretch();
    const out: string[] = [];
    for (const r of this.routes) {
      if (this.sent.length >= this.limit) break;
      const last = this.lastSent.get(r.key);
      const period = (this.periods.get(r.key) ?? r.periodMs) * stretch;
      if (!this.forced.has(r.key) && last !== undefined && now - last < period) continue;
      this.forced.delete(r.key);
      this.lastSent.set(r.key, now);
      this.sent.push(now);
      out.push(r.key);
    }
    return out;
  }

  /** Asks for a route at the next opportunity (a key press, a page change). */
  force(key: string): void {
    this.forced.add(key);
  }

  forceAll(): void {
    for (const r of this.routes) this.forced.add(r.key);
  }

  /** A 429 for one of the requests: pause everything until Retry-After has passed. */
  rateLimited(now: number, retryAfterSec: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + Math.max(1, retryAfterSec) * 1000);
    this.prune(now);
    this.refused.push(now);
    this.lastRefusal = now;
    const accepted = this.sent.length - this.refused.length;
    this.limit = Math.max(1, Math.min(this.limit, accepted));
  }

  /** Milliseconds until requests may be sent again (0 when not paused). */
  pausedFor(now: number): number {
    return Math.max(0, this.pausedUntil - now);
  }

  /** Requests sent within the last minute. */
  spent(now: number): number {
    return this.sent.filter((t) => t > now - WINDOW_MS).length;
  }

  private prune(now: number): void {
    while (this.sent.length && this.sent[0] <= now - WINDOW_MS) this.sent.shift();
    while (this.refused.length && this.refused[0] <= now - WINDOW_MS) this.refused.shift();
  }

  private maybeRaise(now: number): void {
    if (this.limit >= this.budget) return;
    const since = Math.max(this.lastRefusal, this.lastRaise);
    if (now - since >= RAISE_AFTER_MS) {
      this.limit = Math.min(Math.floor(this.budget), this.limit + Math.max(1, Math.floor(this.limit / 10)));
      this.lastRaise = now;
    }
  }
}
