// A player's Paldeck for the panel: one row per species, from the per-species lists the parse
// keeps in each player row (WorldPlayer.paldeck), beside the server's totals. Panel only: the
// Integration API keeps its three counters (spec: Player fields) and never sees these rows.
import { speciesKey } from '../save/world/names.js';
import type { WorldPlayer } from '../domain/world.js';

export interface PaldeckRow {
  /** The save's key (`SheepBall`), or the species table's key for a species no save names. */
  key: string;
  name: string;
  unlocked: boolean;
  /** Captures of this species by this player (0 when none). */
  captured: number;
  /** How many players of the server have this species unlocked. */
  unlockedBy: number;
}

export interface PaldeckView {
  /** False when the player's own save was missing or unreadable at the last parse (or the world
   * was parsed before the panel kept per-species lists): then every row is locked. */
  recorded: boolean;
  species: PaldeckRow[];
  totals: { unlocked: number; capturedSpecies: number; captureTotal: number };
  server: { players: number; playersRecorded: number; speciesUnlocked: number; captureTotal: number };
}

interface Known {
  key: string;
  name: string;
  unlockedBy: number;
}

/**
 * The rows: every species the species table knows, and every key any player's save holds (NPC
 * ids such as `Human` and variants included, as the save counts them), keyed as the table keys
 * them so `PinkCat` and `pinkcat` are one row. Sorted by name.
 */
export function paldeckView(player: WorldPlayer, everyone: readonly WorldPlayer[], table: Readonly<Record<string, string>>): PaldeckView {
  const known = new Map<string, Known>();
  for (const [k, name] of Object.entries(table)) known.set(speciesKey(k), { key: k, name, unlockedBy: 0 });
  let playersRecorded = 0;
  let serverCaptures = 0;
  for (const p of everyone) {
    if (!p.paldeck) continue;
    playersRecorded++;
    for (const e of p.paldeck) {
      const id = speciesKey(e.key);
      let k = known.get(id);
      // The save's key and the name the parse gave it (the user's names file included) win.
      if (!k || k.key === id) known.set(id, (k = { key: e.key, name: e.name || k?.name || e.key, unlockedBy: k?.unlockedBy ?? 0 }));
      if (e.unlocked) k.unlockedBy++;
      serverCaptures += e.captured;
    }
  }
  const own = new Map((player.paldeck ?? []).map((e) => [speciesKey(e.key), e]));
  const species: PaldeckRow[] = [];
  let unlocked = 0;
  let capturedSpecies = 0;
  let captureTotal = 0;
  let speciesUnlocked = 0;
  for (const [id, k] of known) {
    const mine = own.get(id);
    const row: PaldeckRow = {
      key: k.key,
      name: k.name,
      unlocked: mine?.unlocked ?? false,
      captured: mine?.captured ?? 0,
      unlockedBy: k.unlockedBy,
    };
    if (row.unlocked) unlocked++;
    if (row.captured > 0) capturedSpecies++;
    captureTotal += row.captured;
    if (k.unlockedBy > 0) speciesUnlocked++;
    species.push(row);
  }
  species.sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    recorded: player.paldeck !== undefined,
    species,
    totals: { unlocked, capturedSpecies, captureTotal },
    server: { players: everyone.length, playersRecorded, speciesUnlocked, captureTotal: serverCaptures },
  };
}
