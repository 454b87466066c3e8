// Who plays when (the Activity screen): players online over a range from the metrics history,
// bucketed to at most 300 points with empty buckets kept as null (the game was down or palpanel
// was not running: drawn as a gap, never as zero), and hours played per UTC weekday and hour
// from the observed sessions. Pure over the repos' reads; `nowMs` is always passed in.
import type { MetricsRepo } from './metrics.js';
import type { PlayerHistoryRepo } from './player-history.js';
import type { OnlineSeries, Heatmap, OnlinePoint } from '../contract/panel/activity.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const ACTIVITY_RANGES = {
  '24h': { spanMs: DAY, stepMs: 5 * MIN },
  '7d': { spanMs: 7 * DAY, stepMs: HOUR },
  '30d': { spanMs: 30 * DAY, stepMs: 3 * HOUR },
} as const;

export type ActivityRange = keyof typeof ACTIVITY_RANGES;

/** The most sessions one heatmap or timeline reads (a busy month stays well below). */
export const SESSIONS_READ_MAX = 20_000;

export type { OnlinePoint, OnlineSeries, Heatmap } from '../contract/panel/activity.js';

/** The window of a range ending at the bucket that holds `nowMs` (buckets aligned to UTC). */
export function activityWindow(range: ActivityRange, nowMs: number): { fromMs: number; toMs: number; stepMs: number; count: number } {
  const { spanMs, stepMs } = ACTIVITY_RANGES[range];
  const count = spanMs / stepMs;
  const toMs = Math.floor(nowMs / stepMs) * stepMs + stepMs;
  return { fromMs: toMs - count * stepMs, toMs, stepMs, count };
}

export function onlineSeries(metrics: MetricsRepo, range: ActivityRange, nowMs: number): OnlineSeries {
  const w = activityWindow(range, nowMs);
  const rows = metrics.range({ fromMs: w.fromMs, toMs: w.toMs, stepMs: w.stepMs, nowMs });
  const points: OnlinePoint[] = Array.from({ length: w.count }, (_, i) => ({
    at: new Date(w.fromMs + i * w.stepMs).toISOString(),
    players: null,
  }));
  for (const r of rows) {
    const i = Math.floor((Date.parse(r.at) - w.fromMs) / w.stepMs);
    if (i >= 0 && i < w.count) points[i] = { at: points[i].at, players: r.players };
  }
  return { from: new Date(w.fromMs).toISOString(), to: new Date(w.toMs).toISOString(), stepSec: w.stepMs / 1000, points };
}

/** Hours played per UTC weekday and hour: each session clipped to [from, to) and split at hour
 * boundaries, so a session across midnight or the week's turn lands in both cells. */
export function playHeatmap(sessions: readonly { startMs: number; endMs: number }[], fromMs: number, toMs: number): number[][] {
  const ms = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const s of sessions) {
    let t = Math.max(s.startMs, fromMs);
    const end = Math.min(s.endMs, toMs);
    while (t < end) {
      const next = Math.min(end, Math.floor(t / HOUR) * HOUR + HOUR);
      const d = new Date(t);
      // getUTCDay: Sunday 0; rows start on Monday.
      ms[(d.getUTCDay() + 6) % 7][d.getUTCHours()] += next - t;
      t = next;
    }
  }
  return ms.map((row) => row.map((v) => Math.round((v / HOUR) * 100) / 100));
}

export function heatmap(history: PlayerHistoryRepo, range: Exclude<ActivityRange, '24h'>, nowMs: number): Heatmap {
  const fromMs = nowMs - ACTIVITY_RANGES[range].spanMs;
  const spans = history.sessionsBetween(null, fromMs, nowMs, nowMs, SESSIONS_READ_MAX);
  return {
    from: new Date(fromMs).toISOString(),
    to: new Date(nowMs).toISOString(),
    hours: playHeatmap(
      spans.map((s) => ({ startMs: s.startMs, endMs: s.endMs })),
      fromMs,
      nowMs,
    ),
  };
}
