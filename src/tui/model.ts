// The dashboard's state and its fetching, outside React: which route is due (the scheduler),
// what the panel answered, paging through cursors, and why data may be stale. The container
// drives it with a timer and redraws after each tick; the plain snapshot ticks it once.
import { ApiError, PanelUnreachableError, RateLimitedError, UnauthorizedKeyError, type ApiClient } from './api-client.js';
import { decode, type Decoded } from './decode.js';
import { hostFigures } from './host-figures.js';
import { Scheduler } from './scheduler.js';
import type { DashState, PagedKey, RouteKey } from './types.js';

export type { PagedKey, RouteKey };

/** Base refresh periods, highest priority first: live figures often, the pal list rarely. At
 * the default budget (40/min) they are stretched slightly to fit (see Scheduler). */
export const ROUTES: readonly { key: RouteKey; periodMs: number }[] = [
  { key: 'server', periodMs: 5_000 },
  { key: 'metrics', periodMs: 5_000 },
  { key: 'host', periodMs: 60_000 },
  { key: 'players', periodMs: 10_000 },
  { key: 'events', periodMs: 10_000 },
  { key: 'world', periodMs: 15_000 },
  { key: 'pals', periodMs: 60_000 },
];

/** The world summary of a panel whose game-data poller is off cannot change until it restarts. */
const DISABLED_WORLD_PERIOD_MS = 120_000;
const HISTORY = 60;
const EVENTS_LIMIT = 50;
export const MAX_PAGE_SIZE = 100;

interface Walk {
  /** Cursors of the pages before the current one (null = the first page), to go back. */
  back: (string | null)[];
  current: string | null;
  /** The current page's nextCursor; null when it is the last page or not fetched yet. */
  next: string | null;
  size: number;
}

export interface ModelOptions {
  /** Requests per minute to spend. */
  budget: number;
  /** Rows per page of the player and pal lists. */
  pageSize?: number;
  /** Refresh periods per route; tests pass shorter ones. */
  routes?: readonly { key: RouteKey; periodMs: number }[];
}

export function emptyState(budget: number): DashState {
  const periodMs = Object.fromEntries(ROUTES.map((r) => [r.key, r.periodMs])) as Record<RouteKey, number>;
  return {
    fpsHistory: [],
    frameHistory: [],
    players: { rows: [], page: 0, hasNext: false },
    pals: { rows: [], page: 0, hasNext: false },
    events: [],
    updatedAt: {},
    periodMs,
    problem: null,
    spent: 0,
    limit: budget,
    budget,
    fatal: null,
  };
}

export class DashModel {
  readonly state: DashState;
  private readonly scheduler: Scheduler;
  private readonly routes: readonly { key: RouteKey; periodMs: number }[];
  private readonly walks: Record<PagedKey, Walk>;

  constructor(
    /** `metricsText` absent (a stub in tests): the host figures are not asked for. */
    private readonly api: Pick<ApiClient, 'get'> & Partial<Pick<ApiClient, 'metricsText'>>,
    opts: ModelOptions,
  ) {
    this.routes = opts.routes ?? ROUTES;
    this.scheduler = new Scheduler([...this.routes], opts.budget);
    this.state = emptyState(opts.budget);
    const size = clampPage(opts.pageSize ?? 10);
    this.walks = {
      players: { back: [], current: null, next: null, size },
      pals: { back: [], current: null, next: null, size },
    };
    this.syncBudget(0);
  }

  /** Ticks so far: shows the loop runs also when a tick has nothing to send (rate limited). */
  get ticks(): number {
    return this.tickCount;
  }
  private tickCount = 0;

  /** Sends what is due now and resolves when those answers are in. */
  async tick(now: number): Promise<void> {
    this.tickCount++;
    if (this.state.fatal) return;
    const due = this.scheduler.due(now) as RouteKey[];
    await Promise.all(due.map((k) => this.fetch(k, now)));
    this.syncBudget(now);
  }

  /** `r`: everything at the next tick (still within the budget). */
  refresh(): void {
    this.scheduler.forceAll();
  }

  /** Moves a list one page forward (+1) or back (-1) along the API's cursors. False when
   * there is nowhere to go (last page, first page, or the next cursor not known yet). */
  page(which: PagedKey, dir: 1 | -1): boolean {
    const w = this.walks[which];
    if (dir === 1) {
      if (!w.next) return false;
      w.back.push(w.current);
      w.current = w.next;
      w.next = null; // known once this page has been fetched
    } else {
      if (w.back.length === 0) return false;
      w.next = w.current;
      w.current = w.back.pop()!;
    }
    this.scheduler.force(which);
    return true;
  }

  /** Rows per page follow the height of the list's pane. The walk keeps its cursors (a cursor
   * is a position, not a page number), so only the current page is fetched again. */
  setPageSize(which: PagedKey, rows: number): void {
    const size = clampPage(rows);
    const w = this.walks[which];
    if (w.size === size) return;
    w.size = size;
    this.scheduler.force(which);
  }

  pageSize(which: PagedKey): number {
    return this.walks[which].size;
  }

  /** The path of a route's next request. */
  path(k: RouteKey): string {
    const page = (w: Walk) => `limit=${w.size}${w.current ? `&cursor=${encodeURIComponent(w.current)}` : ''}`;
    switch (k) {
      case 'server':
        return '/server';
      case 'metrics':
        return '/metrics/current';
      case 'host':
        return '/metrics';
      case 'players':
        return `/players?online=true&${page(this.walks.players)}`;
      case 'events':
        return `/events?limit=${EVENTS_LIMIT}`;
      case 'world':
        return '/world/summary';
      case 'pals':
        return `/pals?${page(this.walks.pals)}`;
    }
  }

  private syncBudget(now: number): void {
    const s = this.state;
    s.spent = this.scheduler.spent(now);
    s.limit = this.scheduler.limit;
    for (const r of this.routes) s.periodMs[r.key] = this.scheduler.periodOf(r.key);
  }

  private async fetch(k: RouteKey, now: number): Promise<void> {
    const s = this.state;
    const path = this.path(k);
    try {
      if (k === 'host') {
        if (!this.api.metricsText) return;
        const text = await this.api.metricsText();
        const at = s.updatedAt.host;
        s.host = hostFigures(text, s.host, at === undefined ? 0 : (now - at) / 1000);
        s.updatedAt.host = now;
        if (s.problem && s.problem.kind !== 'error') s.problem = null;
        if (s.problem?.kind === 'error' && s.problem.route === k) s.problem = null;
        return;
      }
      const { body } = await this.api.get<unknown>(path);
      const d = decode(k, body);
      if (!d) throw new ApiError(200, 'unexpected_answer', `unexpected answer from ${path.split('?')[0]}`);
      // A page asked for before a later page move is not the page shown now.
      if ((k === 'players' || k === 'pals') && path !== this.path(k)) return;
      this.apply(d);
      s.updatedAt[k] = now;
      if (s.problem && s.problem.kind !== 'error') s.problem = null;
      if (s.problem?.kind === 'error' && s.problem.route === k) s.problem = null;
    } catch (err) {
      if (err instanceof UnauthorizedKeyError) {
        s.fatal = err.message;
      } else if (err instanceof RateLimitedError) {
        this.scheduler.rateLimited(now, err.retryAfterSec);
        this.scheduler.force(k); // this route's answer is still owed
        const until = now + this.scheduler.pausedFor(now);
        s.problem = { kind: 'rate_limited', since: s.problem?.kind === 'rate_limited' ? s.problem.since : now, until };
      } else if (err instanceof PanelUnreachableError) {
        s.problem = { kind: 'unreachable', reason: err.reason, since: s.problem?.kind === 'unreachable' ? s.problem.since : now };
      } else {
        const message = err instanceof Error ? err.message : String(err);
        if (s.problem?.kind !== 'rate_limited') s.problem = { kind: 'error', route: k, message, since: now };
      }
    }
  }

  private apply(d: Decoded): void {
    const s = this.state;
    switch (d.route) {
      case 'server': {
        // A new parse changes the pal and player lists: fetch them again now.
        if (s.server && s.server.save.lastParseAt !== d.data.save.lastParseAt) {
          this.scheduler.force('pals');
          this.scheduler.force('players');
        }
        s.server = d.data;
        break;
      }
      case 'metrics': {
        const m = d.data;
        // The history grows only with new samples (a 304 repeats the same one).
        if (s.metrics?.uptimeSec !== m.uptimeSec || s.fpsHistory.length === 0) {
          s.fpsHistory = [...s.fpsHistory, m.fps].slice(-HISTORY);
          s.frameHistory = [...s.frameHistory, m.frameTimeMs].slice(-HISTORY);
        }
        s.metrics = m;
        break;
      }
      case 'events':
        s.events = d.data;
        break;
      case 'world': {
        s.world = d.data;
        const base = this.routes.find((r) => r.key === 'world')?.periodMs ?? 15_000;
        this.scheduler.setPeriod('world', d.data.state === 'disabled' ? Math.max(base, DISABLED_WORLD_PERIOD_MS) : base);
        break;
      }
      case 'players':
      case 'pals': {
        const w = this.walks[d.route];
        w.next = d.nextCursor;
        const list = { rows: d.data, page: w.back.length, hasNext: w.next !== null };
        if (d.route === 'players') s.players = list as DashState['players'];
        else s.pals = list as DashState['pals'];
        break;
      }
    }
  }
}

const clampPage = (n: number) => Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(n) || 1));
