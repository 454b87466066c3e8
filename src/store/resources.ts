// The resources history (issue 40): the machine's CPU, memory, swap, load and disks, and the game
// process's CPU, memory and threads, kept in the metrics history's three tiers (store/metrics.ts:
// every poll for an hour, a minute for a day, ten minutes for 30 days) with running means per
// bucket. The game's figures average only over the samples that saw its process; a bucket with
// none reads as null (not visible), never as zero.
import type { DurableDb } from './durable-db.js';
import { METRICS_TIERS, pickTier, pruneTiers, type MetricsRange } from './metrics.js';
import type { ResourceSample } from '../domain/resources.js';
import type { ResourcePoint } from '../contract/panel/resources.js';

const PRUNE_EVERY = 60;

type Row = {
  at_ms: number;
  host_cpu: number | null;
  mem_total: number;
  mem_available: number;
  swap_used: number;
  load1: number;
  save_free: number | null;
  backup_free: number | null;
  game_n: number;
  game_cpu: number | null;
  game_rss: number | null;
  game_threads: number | null;
};

/** A running mean that skips nulls; `k` counts the values already in it. */
const mean = (col: string, k: string) =>
  `${col} = CASE WHEN excluded.${col} IS NULL THEN ${col} WHEN ${col} IS NULL THEN excluded.${col} ELSE (${col} * ${k} + excluded.${col}) / (${k} + 1) END`;

export class ResourceRepo {
  private sinceprune = PRUNE_EVERY;

  constructor(private readonly db: DurableDb) {}

  record(s: ResourceSample): void {
    const t = Date.parse(s.at);
    const h = s.host;
    const g = s.game;
    const vals = [
      h.cpuPercent,
      h.memTotalBytes,
      h.memAvailableBytes,
      Math.max(0, h.swapTotalBytes - h.swapFreeBytes),
      h.load1,
      h.saveDiskFreeBytes,
      h.backupDiskFreeBytes,
      g ? 1 : 0,
      g?.cpuPercent ?? null,
      g?.rssBytes ?? null,
      g?.threads ?? null,
    ];
    this.db.write((tx) => {
      METRICS_TIERS.forEach((tier, i) => {
        const bucket = tier.resolutionMs === 0 ? t : Math.floor(t / tier.resolutionMs);
        const atMs = tier.resolutionMs === 0 ? t : bucket * tier.resolutionMs;
        tx.run(
          `INSERT INTO resource_samples (tier, bucket, at_ms, n, host_cpu, mem_total, mem_available, swap_used, load1, save_free, backup_free, game_n, game_cpu, game_rss, game_threads)
           VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (tier, bucket) DO UPDATE SET
             ${mean('host_cpu', 'n')}, mem_total = excluded.mem_total,
             mem_available = (mem_available * n + excluded.mem_available) / (n + 1),
             swap_used = (swap_used * n + excluded.swap_used) / (n + 1), load1 = (load1 * n + excluded.load1) / (n + 1),
             ${mean('save_free', 'n')}, ${mean('backup_free', 'n')},
             ${mean('game_cpu', 'game_n')}, ${mean('game_rss', 'game_n')}, ${mean('game_threads', 'game_n')},
             game_n = game_n + excluded.game_n, n = n + 1`,
          [i, bucket, atMs, ...vals],
        );
      });
    });
    if (++this.sinceprune >= PRUNE_EVERY) {
      this.sinceprune = 0;
      this.prune(new Date(t));
    }
  }

  prune(now: Date): void {
    pruneTiers(this.db, 'resource_samples', now);
  }

  size(): number {
    return Number(this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM resource_samples`)?.n ?? 0);
  }

  /** Points in [from, to), oldest first; game figures null where no sample saw the process. */
  range(q: MetricsRange): ResourcePoint[] {
    const tier = pickTier(q);
    const rows = this.db.all<Row>(
      `SELECT MIN(at_ms) AS at_ms, AVG(host_cpu) AS host_cpu, MAX(mem_total) AS mem_total, AVG(mem_available) AS mem_available,
              AVG(swap_used) AS swap_used, AVG(load1) AS load1, AVG(save_free) AS save_free, AVG(backup_free) AS backup_free,
              SUM(game_n) AS game_n, AVG(game_cpu) AS game_cpu, AVG(game_rss) AS game_rss, AVG(game_threads) AS game_threads
       FROM resource_samples WHERE tier = ? AND at_ms >= ? AND at_ms < ?
       GROUP BY CAST((at_ms - ?) / ? AS INTEGER) ORDER BY at_ms`,
      [tier, q.fromMs, q.toMs, q.fromMs, Math.max(1, q.stepMs)],
    );
    const num = (v: number | null, digits = 0) =>
      v === null || v === undefined ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits;
    return rows.map((r) => {
      const seen = Number(r.game_n) > 0;
      return {
        at: new Date(Number(r.at_ms)).toISOString(),
        hostCpuPercent: num(r.host_cpu, 1),
        memTotalBytes: num(r.mem_total) ?? 0,
        memAvailableBytes: num(r.mem_available) ?? 0,
        swapUsedBytes: num(r.swap_used) ?? 0,
        load1: num(r.load1, 2) ?? 0,
        saveDiskFreeBytes: num(r.save_free),
        backupDiskFreeBytes: num(r.backup_free),
        gameCpuPercent: seen ? num(r.game_cpu, 1) : null,
        gameRssBytes: seen ? num(r.game_rss) : null,
        gameThreads: seen ? num(r.game_threads) : null,
      };
    });
  }
}
