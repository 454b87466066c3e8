// The machine's and the game process's families of `/metrics` (issue 40), from the resources
// sampler's latest sample and the store's crash record. The game process's families are left
// out entirely (no HELP, no sample) while palpanel cannot see the process: an absent series, never
// a zero that reads as a game using no memory.
import type { HttpDeps } from './deps.js';
import { family, gauge } from './metrics-format.js';

export function hostFamilies(deps: HttpDeps): string[] {
  const s = deps.operate?.resources.latest() ?? null;
  const h = s?.host ?? null;
  const g = s?.game ?? null;
  const disks: [Record<string, string>, number][] = [];
  if (h?.saveDiskFreeBytes != null) disks.push([{ disk: 'save' }, h.saveDiskFreeBytes]);
  if (h?.backupDiskFreeBytes != null) disks.push([{ disk: 'backup' }, h.backupDiskFreeBytes]);
  const out = [
    gauge('palpanel_host_memory_total_bytes', "The machine's memory (MemTotal).", h ? h.memTotalBytes : null),
    gauge(
      'palpanel_host_memory_available_bytes',
      "The machine's memory available to start programs (MemAvailable).",
      h ? h.memAvailableBytes : null,
    ),
    gauge(
      'palpanel_host_swap_used_bytes',
      'Swap in use (SwapTotal - SwapFree).',
      h ? Math.max(0, h.swapTotalBytes - h.swapFreeBytes) : null,
    ),
    gauge(
      'palpanel_host_cpu_usage_ratio',
      "The machine's CPU busy since the previous sample, 0 to 1 over all cores.",
      h?.cpuPercent != null ? h.cpuPercent / 100 : null,
    ),
    gauge('palpanel_host_cpu_cores', "The machine's CPU cores.", h ? h.cores : null),
    family(
      'palpanel_host_load',
      'gauge',
      'The load average over 1, 5 and 15 minutes.',
      h
        ? [
            [{ period: '1m' }, h.load1],
            [{ period: '5m' }, h.load5],
            [{ period: '15m' }, h.load15],
          ]
        : [],
    ),
    family('palpanel_host_disk_free_bytes', 'gauge', 'Bytes free on the disk holding the save folder and the backup folder.', disks),
    family('palpanel_game_crashes_total', 'counter', 'Crashes of the game seen: gone without a shutdown palpanel asked for.', [
      [{}, deps.store.gameRecord.total()],
    ]),
    gauge(
      'palpanel_game_down_since_timestamp_seconds',
      'When the game crashed and has not come back since, in Unix seconds; absent while it is back.',
      downSince(deps),
    ),
  ];
  if (g) {
    out.push(
      gauge('palpanel_game_process_resident_bytes', "The game process's resident memory (VmRSS).", g.rssBytes),
      family(
        'palpanel_game_process_cpu_seconds_total',
        'counter',
        'CPU time the game process has used since it started (user and system).',
        [[{}, g.cpuSeconds]],
      ),
      gauge('palpanel_game_process_threads', "The game process's threads.", g.threads),
      gauge('palpanel_game_process_start_time_seconds', 'When the game process started, in Unix seconds.', g.startedAtMs / 1000),
    );
  }
  return out;
}

function downSince(deps: HttpDeps): number | null {
  const open = deps.store.gameRecord.openCrash();
  return open ? Date.parse(open.at) / 1000 : null;
}
