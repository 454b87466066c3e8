// Who plays when, over a real store on a temp dir with an injected clock: players online
// bucketed to whole steps with the game's downtime left as null (a gap), hours played per UTC
// weekday and hour split across midnight and the week's turn, sessions bounded and ordered.
import { afterEach, describe, expect, it } from 'vitest';
import { activityWindow, heatmap, onlineSeries, playHeatmap } from '../../src/store/activity.js';
import { openStore, type Store } from '../../src/store/index.js';
import { tempDir } from '../helpers/temp.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// A Wednesday.
const NOW = Date.parse('2026-07-01T12:02:00.000Z');
const A = '0000000000000000000000000000000A';
const B = '0000000000000000000000000000000B';

const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function store(): Promise<Store> {
  const s = await openStore(tempDir(), () => new Date(NOW));
  open.push(s);
  return s;
}

const sample = (players: number) => ({ players, fps: 60, frameTimeMs: 16, uptimeSec: 1 });

describe('activity: players online', () => {
  it('24 h: 288 five-minute steps ending at the step holding now; downtime is null, not zero', async () => {
    const s = await store();
    const w = activityWindow('24h', NOW);
    // Polled every minute for the day, but the game was down 06:00..08:00 and the last minutes.
    for (let t = NOW - DAY + MIN; t <= NOW; t += MIN) {
      const down = t >= Date.parse('2026-07-01T06:00:00Z') && t < Date.parse('2026-07-01T08:00:00Z');
      if (!down) s.metrics.record(sample(new Date(t).getUTCHours() % 4), new Date(t));
    }
    const r = onlineSeries(s.metrics, '24h', NOW);
    expect(r.points).toHaveLength(288);
    expect(r.stepSec).toBe(300);
    expect(r.from).toBe(new Date(w.fromMs).toISOString());
    expect(r.to).toBe('2026-07-01T12:05:00.000Z');
    expect(r.points.at(-1)!.at).toBe('2026-07-01T12:00:00.000Z');
    const at = (iso: string) => r.points.find((p) => p.at === iso)!;
    expect(at('2026-07-01T05:55:00.000Z').players).toBe(1);
    for (let t = Date.parse('2026-07-01T06:00:00Z'); t < Date.parse('2026-07-01T08:00:00Z'); t += 5 * MIN)
      expect(at(new Date(t).toISOString()).players).toBeNull();
    expect(at('2026-07-01T08:00:00.000Z').players).toBe(0);
    expect(at('2026-07-01T09:10:00.000Z').players).toBe(1);
    // Steps hold whole buckets: ordered, evenly spaced.
    expect(r.points.every((p, i) => Date.parse(p.at) === w.fromMs + i * 5 * MIN)).toBe(true);
  });

  it('7 d and 30 d stay within 300 points; a fresh store is all gaps', async () => {
    const s = await store();
    expect(onlineSeries(s.metrics, '7d', NOW).points).toHaveLength(168);
    const month = onlineSeries(s.metrics, '30d', NOW);
    expect(month.points).toHaveLength(240);
    expect(month.points.every((p) => p.players === null)).toBe(true);
    // Two days ago, half an hour of two players, then of four: their mean in that hour.
    for (let t = NOW - 2 * DAY; t < NOW - 2 * DAY + HOUR; t += 10 * MIN)
      s.metrics.record(sample(t < NOW - 2 * DAY + 30 * MIN ? 2 : 4), new Date(t));
    const week = onlineSeries(s.metrics, '7d', NOW);
    const filled = week.points.filter((p) => p.players !== null);
    expect(filled.map((p) => p.at)).toEqual(['2026-06-29T12:00:00.000Z']);
    expect(filled[0].players).toBe(3);
  });
});

describe('activity: heatmap', () => {
  it('a session across midnight Sunday to Monday lands in both rows, split at the hour', () => {
    // Sunday 2026-06-28 23:30 to Monday 00:45 UTC.
    const start = Date.parse('2026-06-28T23:30:00Z');
    const h = playHeatmap([{ startMs: start, endMs: start + 75 * MIN }], NOW - 7 * DAY, NOW);
    expect(h[6][23]).toBe(0.5); // Sunday 23:00
    expect(h[0][0]).toBe(0.75); // Monday 00:00
    expect(h.flat().reduce((a, b) => a + b, 0)).toBe(1.25);
  });

  it('clips sessions to the window and sums players; open sessions run to now', async () => {
    const s = await store();
    // A: 3 h ending a little before the window (8 days ago) plus an open session since 11:00 today.
    s.history.observe([{ playerId: A }], new Date(NOW - 8 * DAY - HOUR));
    s.history.left(A, new Date(NOW - 7 * DAY + HOUR));
    s.history.observe([{ playerId: A }, { playerId: B }], new Date(Date.parse('2026-07-01T11:00:00Z')));
    s.history.left(B, new Date(Date.parse('2026-07-01T11:30:00Z')));
    const r = heatmap(s.history, '7d', NOW);
    // Wednesday is row 2: 11:00 has A's hour and B's half.
    expect(r.hours[2][11]).toBe(1.5);
    // The old session counts only inside the window (from Wednesday 12:02 a week ago): 58 min
    // at 12:00 and 2 at 13:00; today's open one adds 2 min at 12:00.
    expect(r.hours[2][12]).toBe(1);
    expect(r.hours[2][13]).toBe(0.03);
    expect(r.hours.flat().reduce((a, b) => a + b, 0)).toBeCloseTo(2.53, 2);
    expect(r.hours).toHaveLength(7);
    expect(r.hours.every((row) => row.length === 24)).toBe(true);
  });
});

describe('activity: one player’s sessions', () => {
  it('oldest first, overlapping the window only, the newest kept when bounded', async () => {
    const s = await store();
    for (let d = 40; d >= 1; d--) {
      s.history.observe([{ playerId: A }], new Date(NOW - d * DAY));
      s.history.left(A, new Date(NOW - d * DAY + HOUR));
    }
    s.history.observe([{ playerId: B }], new Date(NOW - 5 * DAY));
    s.history.left(B, new Date(NOW - 5 * DAY + HOUR));
    const month = s.history.sessionsBetween(A, NOW - 30 * DAY, NOW, NOW, 1000);
    expect(month).toHaveLength(30);
    expect(month[0].startMs).toBe(NOW - 30 * DAY);
    expect(month.every((x, i) => i === 0 || x.startMs > month[i - 1].startMs)).toBe(true);
    expect(month.every((x) => x.uid === A)).toBe(true);
    const bounded = s.history.sessionsBetween(A, NOW - 30 * DAY, NOW, NOW, 5);
    expect(bounded.map((x) => x.startMs)).toEqual([5, 4, 3, 2, 1].map((d) => NOW - d * DAY));
    expect(s.history.sessionsBetween(null, NOW - 6 * DAY, NOW, NOW, 1000).map((x) => x.uid)).toEqual([A, A, B, A, A, A, A]);
  });
});
