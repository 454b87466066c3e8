// The Integration API data the dashboard shows, and the dashboard's state.

// The row types come from the contract's own zod schemas, so the client cannot drift from
// what the server sends.
import type { EventRow, Metrics, PalWithOwnerRow, PlayerRow, ServerStatus, WorldSummary } from '../contract/integration-rows.js';

export type ServerData = ServerStatus;
export type MetricsData = Metrics;
export type PalRow = PalWithOwnerRow;
export type WorldSummaryData = WorldSummary;
export type { EventRow, PlayerRow };

/** The routes the dashboard reads, one per pane. */
export type RouteKey = 'server' | 'metrics' | 'host' | 'players' | 'events' | 'world' | 'pals';
export type PagedKey = 'players' | 'pals';

/** Why data may be old. */
export type Problem =
  | { kind: 'unreachable'; reason: string; since: number }
  /** A 429: nothing is sent before `until` (Retry-After). */
  | { kind: 'rate_limited'; since: number; until: number }
  /** The panel answered with an error, or with something the dashboard cannot read. */
  | { kind: 'error'; route: RouteKey; message: string; since: number };

export interface ListState<T> {
  rows: T[];
  /** 0-based page number along the cursor walk. */
  page: number;
  hasNext: boolean;
}

/** The machine's and the game process's figures, from the panel's `/metrics` (host-figures.ts). */
export interface HostData {
  memTotalBytes: number | null;
  memAvailableBytes: number | null;
  swapUsedBytes: number | null;
  cpuRatio: number | null;
  load1: number | null;
  saveFreeBytes: number | null;
  backupFreeBytes: number | null;
  /** Null while the panel cannot see the game's process (the families are absent). */
  game: { rssBytes: number; cpuSeconds: number; threads: number | null; startedAt: number | null } | null;
  /** The game's CPU as a share of one core since the previous reading; null on the first. */
  gameCpuPercent: number | null;
  crashes: number | null;
  downSince: number | null;
}

export interface DashState {
  server?: ServerData;
  metrics?: MetricsData;
  host?: HostData;
  fpsHistory: number[];
  frameHistory: number[];
  players: ListState<PlayerRow>;
  pals: ListState<PalRow>;
  events: EventRow[];
  world?: WorldSummaryData;
  /** When each route last answered (ms). */
  updatedAt: Partial<Record<RouteKey, number>>;
  /** The effective refresh period of each route (ms), after fitting the budget. */
  periodMs: Record<RouteKey, number>;
  problem: Problem | null;
  /** Requests spent in the last minute, and the current limit (the budget, lower after a 429). */
  spent: number;
  limit: number;
  budget: number;
  /** A failure that ends the dashboard (the key was refused). */
  fatal: string | null;
}
