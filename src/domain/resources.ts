// The machine's and the game process's resources as palpanel measures them (poller/resources/):
// one sample per poll. The game's own figures are present only while its process is visible to
// palpanel; otherwise `gameHidden` says why in words, and nothing draws or exports a zero for it.

import type { GameProcessFigures, HostFigures } from '../contract/panel/resources.js';

export type { GameProcessFigures, HostFigures };

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
