// The resources history (issue 40) on the real store: kept in the metrics' tiers, averaged per
// bucket, the game's figures over the samples that saw its process only, null where none did.
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import type { ResourceSample } from '../../src/domain/resources.js';
import { tempDir } from '../helpers/temp.js';

const stores: Store[] = [];
afterEach(() => stores.splice(0).forEach((s) => s.close()));

const T0 = Date.parse('2026-11-28T04:00:00.000Z');

function sample(t: number, rss: number | null, avail = 8e9): ResourceSample {
  return {
    at: new Date(t).toISOString(),
    host: {
      cpuPercent: 50,
      cores: 2,
      memTotalBytes: 16e9,
      memAvailableBytes: avail,
      swapTotalBytes: 0,
      swapFreeBytes: 0,
      load1: 1,
      load5: 1,
      load15: 1,
      saveDiskFreeBytes: 1e11,
      saveDiskTotalBytes: 2e11,
      backupDiskFreeBytes: null,
      backupDiskTotalBytes: null,
    },
    game: rss === null ? null : { pid: 7, cpuSeconds: 1, cpuPercent: 100, rssBytes: rss, threads: 10, startedAtMs: T0 },
    gameHidden: rss === null ? 'not visible: test' : null,
  };
}

describe('the resources history', () => {
  it('averages the game over the samples that saw it, and gives null where none did', async () => {
    const store = await openStore(tempDir(), () => new Date(T0));
    stores.push(store);
    // Minute 0: two visible samples and one unseen; minute 1: none visible.
    store.resources.record(sample(T0 + 1_000, 4e9, 6e9));
    store.resources.record(sample(T0 + 2_000, null, 8e9));
    store.resources.record(sample(T0 + 3_000, 6e9, 10e9));
    store.resources.record(sample(T0 + 61_000, null));
    store.resources.record(sample(T0 + 62_000, null));
    const now = T0 + 2 * 86_400_000 - 1; // beyond the raw tier's hour: the minute tier is read
    const per = store.resources.range({ fromMs: T0 + 86_400_000, toMs: now, stepMs: 60_000, nowMs: now });
    expect(per).toEqual([]);
    const minutes = store.resources.range({ fromMs: T0, toMs: T0 + 120_000, stepMs: 60_000, nowMs: T0 + 3_600_000 });
    expect(minutes.map((p) => [p.at, p.gameRssBytes, p.memAvailableBytes, p.saveDiskFreeBytes, p.backupDiskFreeBytes])).toEqual([
      ['2026-11-28T04:00:00.000Z', 5e9, 8e9, 1e11, null],
      ['2026-11-28T04:01:00.000Z', null, 8e9, 1e11, null],
    ]);
    // Every sample within the hour, the unseen one null, never 0.
    const raw = store.resources.range({ fromMs: T0, toMs: T0 + 120_000, stepMs: 1_000, nowMs: T0 + 120_000 });
    expect(raw.map((p) => p.gameRssBytes)).toEqual([4e9, null, 6e9, null, null]);
  });

  it('prunes each tier by age', async () => {
    const store = await openStore(tempDir(), () => new Date(T0));
    stores.push(store);
    for (let i = 0; i < 5; i++) store.resources.record(sample(T0 + i * 1000, 1e9));
    expect(store.resources.size()).toBe(5 + 1 + 1);
    store.resources.prune(new Date(T0 + 2 * 3_600_000));
    expect(store.resources.size()).toBe(2); // the minute and ten-minute rows outlive the hour
    store.resources.prune(new Date(T0 + 31 * 86_400_000));
    expect(store.resources.size()).toBe(0);
  });
});
