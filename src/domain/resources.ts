// The machine's and the game process's resources as palpanel measures them (poller/resources/):
// one sample per poll. The game's own figures are present only while its process is visible to
// palpanel; otherwise `gameHidden` says why in words, and nothing draws or exports a zero for it.

export interface HostFigures {
  /** Share of all cores busy since the previous sample, 0–100 (null on the first sample). */
  cpuPercent: number | null;
  cores: number;
  memTotalBytes: number;
  memAvailableBytes: number;
  swapTotalBytes: number;
  swapFreeBytes: number;
  load1: number;
  load5: number;
  load15: number;
  /** Free space of the disk under the save folder; null when there is none or it cannot be read. */
  saveDiskFreeBytes: number | null;
  saveDiskTotalBytes: number | null;
  /** Free space of the disk under the backup folder; null when unknown. */
  backupDiskFreeBytes: number | null;
  backupDiskTotalBytes: number | null;
}

export interface GameProcessFigures {
  pid: number;
  /** CPU time the process has used since it started (user + system), in seconds. */
  cpuSeconds: number;
  /** Share of one core since the previous sample of the same process (100 = one core busy); null on its first sample. */
  cpuPercent: number | null;
  rssBytes: number;
  threads: number;
  /** When the process started, as Unix ms (tells a restarted process from the one before). */
  startedAtMs: number;
}

export interface ResourceSample {
  at: string;
  host: HostFigures;
  /** Null while the game's process is not visible (then `gameHidden` says why). */
  game: GameProcessFigures | null;
  gameHidden: string | null;
}

/** The latest sample, for whoever must act on it (the memory restart bound, the crash record). */
export interface ResourceReadings {
  latest(): ResourceSample | null;
}

/** The port part B's restart policy reads: the game's resident memory and the machine's total. */
export interface MemoryReadings {
  residentBytes(): number | null;
  machineTotalBytes(): number | null;
}

export function memoryReadings(r: ResourceReadings): MemoryReadings {
  return {
    residentBytes: () => r.latest()?.game?.rssBytes ?? null,
    machineTotalBytes: () => r.latest()?.host.memTotalBytes ?? null,
  };
}
