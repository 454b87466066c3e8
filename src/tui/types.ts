// The Integration API data the dashboard shows.

// The row types come from the contract's own zod schemas, so the client cannot drift from
// what the server sends.
import type { EventRow, Metrics, PalWithOwnerRow, PlayerRow, ServerStatus, WorldSummary } from '../http/schemas.js';

export type ServerData = ServerStatus;
export type MetricsData = Metrics;
export type PalRow = PalWithOwnerRow;
export type WorldSummaryData = WorldSummary;
export type { EventRow, PlayerRow };

export interface Problem {
  kind: 'unreachable' | 'rate_limited' | 'error';
  message: string;
  since: number;
}

export interface DashState {
  server?: ServerData;
  metrics?: MetricsData;
  fpsHistory: number[];
  frameHistory: number[];
  players: { rows: PlayerRow[]; page: number; hasNext: boolean };
  pals: { rows: PalRow[]; page: number; hasNext: boolean };
  events: EventRow[];
  world?: WorldSummaryData;
  /** When each route last answered (ms). */
  updatedAt: Record<string, number>;
  problem: Problem | null;
  /** A failure that ends the dashboard (the key was refused). */
  fatal: string | null;
}
