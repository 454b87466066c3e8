// The dashboard's machine and game process figures, read from the panel's `/metrics` (Prometheus'
// text format): the Integration API does not carry them, and `/metrics` takes the same key. A
// family the panel leaves out (the game's process while it cannot see it) stays null: the pane
// says "not visible", never 0.
import type { HostData } from './types.js';

/** Each sample line as name{labels} → value (the last one wins); comments skipped. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

export function hostFigures(text: string, prev: HostData | undefined, dtSec: number): HostData {
  const s = samples(text);
  const v = (k: string) => {
    const n = s.get(k);
    return n === undefined || !Number.isFinite(n) ? null : n;
  };
  const rss = v('palpanel_game_process_resident_bytes');
  const cpu = v('palpanel_game_process_cpu_seconds_total');
  const startedAt = v('palpanel_game_process_start_time_seconds');
  const game =
    rss !== null && cpu !== null ? { rssBytes: rss, cpuSeconds: cpu, threads: v('palpanel_game_process_threads'), startedAt } : null;
  const same = game && prev?.game && prev.game.startedAt === game.startedAt && dtSec > 0;
  return {
    memTotalBytes: v('palpanel_host_memory_total_bytes'),
    memAvailableBytes: v('palpanel_host_memory_available_bytes'),
    swapUsedBytes: v('palpanel_host_swap_used_bytes'),
    cpuRatio: v('palpanel_host_cpu_usage_ratio'),
    load1: v('palpanel_host_load{period="1m"}'),
    saveFreeBytes: v('palpanel_host_disk_free_bytes{disk="save"}'),
    backupFreeBytes: v('palpanel_host_disk_free_bytes{disk="backup"}'),
    game,
    gameCpuPercent: same ? Math.max(0, (100 * (game.cpuSeconds - prev.game!.cpuSeconds)) / dtSec) : null,
    crashes: v('palpanel_game_crashes_total'),
    downSince: v('palpanel_game_down_since_timestamp_seconds'),
  };
}
