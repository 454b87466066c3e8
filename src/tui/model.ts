// The dashboard's state and its fetching, outside React: which route is due (the scheduler),
// what the panel answered, paging through cursors, and why data may be stale. The container
// drives it with a timer and re-renders on change.
import { ApiClient, ApiError, PanelUnreachableError, RateLimitedError, UnauthorizedKeyError } from './api-client.js';
import { Scheduler } from './scheduler.js';
import type { DashState, EventRow, MetricsData, PalRow, PlayerRow, ServerData, WorldSummaryData } from './types.js';

export const ROUTES = [
  { key: 'server', periodMs: 5_000 },
  { key: 'metrics', periodMs: 5_000 },
  { key: 'players', periodMs: 10_000 },
  { key: 'events', periodMs: 10_000 },
  { key: 'world', periodMs: 15_000 },
  { key: 'pals', periodMs: 60_000 },
] as const;
export type RouteKey = (typeof ROUTES)[number]['key'];
export type PagedKey = 'players' | 'pals';

const HISTORY = 60;

interface Page<T> {
  rows: T[];
  /** Cursors of the pages before the current one (null = first page), to go back. */
  back: (string | null)[];
  current: string | null;
  next: string | null;
}

export function emptyState(): DashState {
  return {
    fpsHistory: [],
    frameHistory: [],
    players: { rows: [], page: 0, hasNext: false },
    pals: { rows: [], page: 0, hasNext: false },
    events: [],
    updatedAt: {},
    problem: null,
    fatal: null,
  };
}

export class DashModel {
  state: DashState = emptyState();
  private readonly scheduler: Scheduler;
  private readonly pages: { players: Page<PlayerRow>; pals: Page<PalRow> } = {
    players: { rows: [], back: [], current: null, next: null },
    pals: { rows: [], back: [], current: null, next: null },
  };
  private inFlight = 0;

  constructor(
    private readonly api: ApiClient,
    budget: number,
    private readonly pageSize: number,
    private readonly onChange: () => void,
    /** Refresh periods per route; tests pass shorter ones. */
    routes: readonly { key: RouteKey; periodMs: number }[] = ROUTES,
  ) {
    this.scheduler = new Scheduler([...routes], budget);
  }

  /** Sends what is due; resolves when those requests are done. */
  async tick(now: number): Promise<void> {
    if (this.state.fatal) return;
    const due = this.scheduler.due(now) as RouteKey[];
    this.inFlight += due.length;
    await Promise.all(due.map((k) => this.fetch(k, now)));
    this.inFlight -= due.length;
    const paused = this.scheduler.pausedFor(now);
    if (paused === 0 && this.state.problem?.kind === 'rate_limited') this.state.problem = null;
    this.onChange();
  }

  refresh(): void {
    this.scheduler.forceAll();
  }

  /** Moves a paged list one page forward (+1) or back (-1) along the API's cursors. */
  page(which: PagedKey, dir: 1 | -1): void {
    const p = this.pages[which];
    if (dir === 1) {
      if (!p.next) return;
      p.back.push(p.current);
      p.current = p.next;
    } else {
      if (p.back.length === 0) return;
      p.current = p.back.pop()!;
    }
    this.scheduler.force(which);
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  spent(now: number): number {
    return this.scheduler.spent(now);
  }

  private path(k: RouteKey): string {
    const cursor = (c: string | null) => (c ? `&cursor=${encodeURIComponent(c)}` : '');
    switch (k) {
      case 'server':
        return '/server';
      case 'metrics':
        return '/metrics/current';
      case 'players':
        return `/players?online=true&limit=${this.pageSize}${cursor(this.pages.players.current)}`;
      case 'events':
        return '/events?limit=20';
      case 'world':
        return '/world/summary';
      case 'pals':
        return `/pals?limit=${this.pageSize}${cursor(this.pages.pals.current)}`;
    }
  }

  private async fetch(k: RouteKey, now: number): Promise<void> {
    try {
      const { body } = await this.api.get<{ data: unknown; nextCursor?: string | null }>(this.path(k));
      this.apply(k, body);
      this.state.updatedAt[k] = now;
      if (this.state.problem?.kind === 'unreachable') this.state.problem = null;
    } catch (err) {
      if (err instanceof UnauthorizedKeyError) this.state.fatal = err.message;
      else if (err instanceof RateLimitedError) {
        this.scheduler.pause(now, err.retryAfterSec);
        this.state.problem = { kind: 'rate_limited', message: `rate limited: waiting ${err.retryAfterSec}s (Retry-After)`, since: now };
      } else if (err instanceof PanelUnreachableError) {
        this.state.problem = { kind: 'unreachable', message: err.message, since: this.state.problem?.since ?? now };
      } else if (err instanceof ApiError) {
        this.state.problem = { kind: 'error', message: `${k}: ${err.message}`, since: now };
      } else throw err;
    }
  }

  private apply(k: RouteKey, body: { data: unknown; nextCursor?: string | null }): void {
    const s = this.state;
    switch (k) {
      case 'server': {
        const next = body.data as ServerData;
        // A new parse changes the pal and player lists: fetch them again now.
        if (s.server && s.server.save.lastParseAt !== next.save.lastParseAt) {
          this.scheduler.force('pals');
          this.scheduler.force('players');
        }
        s.server = next;
        break;
      }
      case 'metrics': {
        const m = body.data as MetricsData;
        // The history grows only with new samples (a 304 repeats the same one).
        if (s.metrics?.uptimeSec !== m.uptimeSec || s.fpsHistory.length === 0) {
          s.fpsHistory = [...s.fpsHistory, m.fps].slice(-HISTORY);
          s.frameHistory = [...s.frameHistory, m.frameTimeMs].slice(-HISTORY);
        }
        s.metrics = m;
        break;
      }
      case 'events':
        s.events = body.data as EventRow[];
        break;
      case 'world':
        s.world = body.data as WorldSummaryData;
        break;
      case 'players':
      case 'pals': {
        const p = this.pages[k] as Page<unknown>;
        p.rows = body.data as unknown[];
        p.next = body.nextCursor ?? null;
        s[k] = { rows: p.rows as never[], page: p.back.length, hasNext: p.next !== null };
        break;
      }
    }
  }
}
