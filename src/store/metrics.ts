// The metrics history: players online, FPS, frame time and uptime, kept in three tiers so its
// size is bounded whatever the uptime (spec, Metrics): every poll for the last hour, one
// averaged point a minute for a day, one per ten minutes for 30 days. A sample updates one row
// in each tier (running means), and each tier is pruned by age and by row count, so a poll
// interval faster than expected cannot grow it either.
import type { ServerMetrics } from '../domain/live.js';
import type { DurableDb } from './durable-db.js';
import type { MetricsPoint } from '../contract/panel/events.js';

export interface MetricsTier {
  /** Bucket width in ms; 0: every sample is its own row. */
  resolutionMs: number;
  retainMs: number;
  /** Rows kept at most, whatever the ages. */
  maxRows: number;
}

export const METRICS_TIERS: readonly MetricsTier[] = [
  { resolutionMs: 0, retainMs: 3_600_000, maxRows: 3_600 },
  { resolutionMs: 60_000, retainMs: 86_400_000, maxRows: 1_441 },
  { resolutionMs: 600_000, retainMs: 30 * 86_400_000, maxRows: 4_321 },
];

/** The most rows the history ever holds. */
export const METRICS_MAX_ROWS = METRICS_TIERS.reduce((n, t) => n + t.maxRows, 0);

export type { MetricsPoint } from '../contract/panel/events.js';

export interface MetricsRange {
  fromMs: number;
  toMs: number;
  /** Width of one answered point; the finest tier at or below it that still covers `fromMs` is read. */
  stepMs: number;
  nowMs: number;
}

/** Samples between two prunes. */
const PRUNE_EVERY = 60;

type Row = { at_ms: number; players: number; fps: number; frame_time_ms: number; uptime_sec: number };

export class MetricsRepo {
  private sinceprune = PRUNE_EVERY;

  constructor(private readonly db: DurableDb) {}

  /** One poll's metrics at `at`, into every tier, in one durable write. */
  record(m: Pick<ServerMetrics, 'players' | 'fps' | 'frameTimeMs' | 'uptimeSec'>, at: Date): void {
    const t = at.getTime();
    // Two samples in the same millisecond share the raw row's key: their mean is kept.
    const raw = t;
    const vals = [m.players, m.fps, m.frameTimeMs, m.uptimeSec].map((v) => (Number.isFinite(v) ? v : 0));
    this.db.write((tx) => {
      for (let i = 0; i < METRICS_TIERS.length; i++) {
        const res = METRICS_TIERS[i].resolutionMs;
        const bucket = res === 0 ? raw : Math.floor(t / res);
        const atMs = res === 0 ? raw : bucket * res;
        tx.run(
          `INSERT INTO metrics_samples (tier, bucket, at_ms, n, players, fps, frame_time_ms, uptime_sec) VALUES (?, ?, ?, 1, ?, ?, ?, ?)
           ON CONFLICT (tier, bucket) DO UPDATE SET
             players = (players * n + excluded.players) / (n + 1), fps = (fps * n + excluded.fps) / (n + 1),
             frame_time_ms = (frame_time_ms * n + excluded.frame_time_ms) / (n + 1),
             uptime_sec = MAX(uptime_sec, excluded.uptime_sec), n = n + 1`,
          [i, bucket, atMs, ...vals],
        );
      }
    });
    if (++this.sinceprune >= PRUNE_EVERY) {
      this.sinceprune = 0;
      this.prune(at);
    }
  }

  /** Drops rows older than their tier's reach, and beyond its row cap. */
  prune(now: Date): void {
    pruneTiers(this.db, 'metrics_samples', now);
  }

  /** Rows held, all tiers (tests, health). */
  size(): number {
    return Number(this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM metrics_samples`)?.n ?? 0);
  }

  /** Points in [from, to), oldest first, each the mean over one step (uptime: its largest). */
  range(q: MetricsRange): MetricsPoint[] {
    const tier = pickTier(q);
    // sql.js binds a number past 32 bits (any ms time) as a real, so the step index is cast
    // back to an integer: without it every row would be its own group.
    const rows = this.db.all<Row>(
      `SELECT MIN(at_ms) AS at_ms, AVG(players) AS players, AVG(fps) AS fps, AVG(frame_time_ms) AS frame_time_ms, MAX(uptime_sec) AS uptime_sec
       FROM metrics_samples WHERE tier = ? AND at_ms >= ? AND at_ms < ?
       GROUP BY CAST((at_ms - ?) / ? AS INTEGER) ORDER BY at_ms`,
      [tier, q.fromMs, q.toMs, q.fromMs, Math.max(1, q.stepMs)],
    );
    return rows.map((r) => ({
      at: new Date(Number(r.at_ms)).toISOString(),
      players: round(r.players),
      fps: round(r.fps),
      frameTimeMs: round(r.frame_time_ms),
      uptimeSec: Math.round(Number(r.uptime_sec)),
    }));
  }
}

const round = (v: number) => Math.round(Number(v) * 100) / 100;

/** The finest tier whose resolution is at most the step and whose reach covers `from`; the
 * coarsest when none does. */
/** Drops the rows of a tiered table (`metrics_samples`, `resource_samples`: tier, bucket,
 * at_ms) older than their tier's reach, and beyond its row cap. */
export function pruneTiers(db: DurableDb, table: 'metrics_samples' | 'resource_samples', now: Date): void {
  const t = now.getTime();
  db.write((tx) => {
    METRICS_TIERS.forEach((tier, i) => {
      tx.run(`DELETE FROM ${table} WHERE tier = ? AND at_ms < ?`, [i, t - tier.retainMs]);
      tx.run(
        `DELETE FROM ${table} WHERE tier = ? AND bucket < COALESCE((SELECT bucket FROM ${table} WHERE tier = ? ORDER BY bucket DESC LIMIT 1 OFFSET ?), -1e18)`,
        [i, i, tier.maxRows - 1],
      );
    });
  });
}

export function pickTier(q: Pick<MetricsRange, 'fromMs' | 'stepMs' | 'nowMs'>): number {
  for (let i = 0; i < METRICS_TIERS.length; i++) {
    const t = METRICS_TIERS[i];
    const coarser = METRICS_TIERS[i + 1];
    const covers = q.fromMs >= q.nowMs - t.retainMs;
    // Skip to a coarser tier when the step is at least its resolution (fewer rows to read).
    if (covers && (coarser === undefined || q.stepMs < coarser.resolutionMs)) return i;
  }
  return METRICS_TIERS.length - 1;
}
