// The metrics history: bounded whatever the uptime (a simulated month at a fast poll, injected
// clock), answers ranges from the right tier, and survives reopening the store.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { METRICS_MAX_ROWS, METRICS_TIERS } from '../../src/store/metrics.js';
import { tempDir } from '../helpers/temp.js';

const T0 = Date.parse('2026-07-01T00:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function store(dir: string): Promise<Store> {
  const s = await openStore(dir, () => new Date(T0));
  open.push(s);
  return s;
}

const sample = (players: number, uptimeSec: number) => ({ players, fps: 60 - players, frameTimeMs: 16 + players, uptimeSec });

describe('metrics history', () => {
  it('stays within its bound after a simulated month, each tier within its reach and cap', { timeout: 120_000 }, async () => {
    const s = await store(tempDir());
    let t = T0;
    // 31 days at one poll every 20 minutes, then 40 minutes at two polls a second (more raw
    // rows than the raw tier's cap: the cap holds, not only the age).
    for (; t < T0 + 31 * DAY; t += 20 * MIN) s.metrics.record(sample(3, (t - T0) / 1000), new Date(t));
    for (const end = t + 40 * MIN; t < end; t += 500) s.metrics.record(sample(5, (t - T0) / 1000), new Date(t));
    s.metrics.prune(new Date(t));
    expect(s.metrics.size()).toBeLessThanOrEqual(METRICS_MAX_ROWS);
    // The oldest point answered is within 30 days (+ one bucket) of now, the newest is recent.
    const month = s.metrics.range({ fromMs: T0, toMs: t + 1, stepMs: 10 * MIN, nowMs: t });
    expect(Date.parse(month[0].at)).toBeGreaterThanOrEqual(t - METRICS_TIERS[2].retainMs - 10 * MIN);
    expect(month.length).toBeLessThanOrEqual(METRICS_TIERS[2].maxRows);
    // The last hour at full resolution: every poll, capped at the tier's rows.
    const hour = s.metrics.range({ fromMs: t - HOUR, toMs: t, stepMs: 1, nowMs: t });
    expect(hour.length).toBe(METRICS_TIERS[0].maxRows);
    // A day at a minute a point: the 40 busy minutes are 40 points, the earlier ones every 20 minutes.
    const day = s.metrics.range({ fromMs: t - DAY + MIN, toMs: t, stepMs: MIN, nowMs: t });
    expect(day.length).toBeGreaterThan(40 + 60);
    expect(day.length).toBeLessThanOrEqual(METRICS_TIERS[1].maxRows);
    expect(hour.at(-1)).toMatchObject({ players: 5, fps: 55, frameTimeMs: 21 });
  });

  it('downsamples by mean per minute and keeps the largest uptime', async () => {
    const s = await store(tempDir());
    s.metrics.record(sample(2, 100), new Date(T0 + 1_000));
    s.metrics.record(sample(4, 130), new Date(T0 + 31_000));
    const [p] = s.metrics.range({ fromMs: T0, toMs: T0 + MIN, stepMs: MIN, nowMs: T0 + 2 * HOUR });
    expect(p).toEqual({ at: new Date(T0).toISOString(), players: 3, fps: 57, frameTimeMs: 19, uptimeSec: 130 });
  });

  it('survives reopening the store', async () => {
    const dir = tempDir();
    const a = await store(dir);
    for (let i = 0; i < 10; i++) a.metrics.record(sample(i, i * 5), new Date(T0 + i * 5_000));
    const before = a.metrics.range({ fromMs: T0, toMs: T0 + MIN, stepMs: 1000, nowMs: T0 + MIN });
    a.close();
    open.splice(0);
    const b = await store(dir);
    expect(b.metrics.range({ fromMs: T0, toMs: T0 + MIN, stepMs: 1000, nowMs: T0 + MIN })).toEqual(before);
    expect(before).toHaveLength(10);
  });
});
