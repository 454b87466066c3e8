// The items of a parse read on their first request (ParseOptions `items: 'lazy'`): the parse keeps
// only the item parts' bytes (level-items-lazy.ts) and what mapping them needs (the bases, guilds
// and traits of Level.sav, the players' inventory info); `read` decodes and maps them once.

import type { ParseWarning } from '../domain/world.js';
import type { WorldItems } from '../domain/world-items.js';
import { decodeKeptItems, type KeptItems } from './palworld/level-items-lazy.js';
import type { LevelData } from './palworld/level.js';
import type { PlayerSave } from './palworld/player-save.js';
import { WarningSink } from './warnings.js';
import { mapItems } from './world/items.js';

/** The items of one parse, read on the first call of `read` and kept from then on. */
export interface LazyItems {
  /** The kept bytes' size (the item parts of Level.sav's GVAS). */
  readonly keptBytes: number;
  /** The items as the eager parse maps them, and the warnings of reading them (which the eager
   * parse lists among its own). */
  read(): { items: WorldItems; warnings: ParseWarning[]; formatDrift: boolean };
}

export function lazyItems(kept: KeptItems, level: LevelData, playerSaves: Map<string, PlayerSave>): LazyItems {
  // Only what mapItems reads of the level is held, not its characters or slots.
  const held: LevelData = {
    header: level.header,
    characters: [],
    guilds: level.guilds,
    bases: level.bases,
    slots: new Map(),
    traits: level.traits,
  };
  let source: KeptItems | undefined = kept;
  let done: ReturnType<LazyItems['read']> | undefined;
  return {
    keptBytes: kept.runs.reduce((n, r) => n + r.bytes.length, 0),
    read() {
      if (done) return done;
      const warnings = new WarningSink();
      held.items = decodeKeptItems(source!, 'Level.sav', warnings);
      const items = mapItems({ level: held, playerSaves })!; // held.items is set
      held.items = undefined;
      source = undefined; // the bytes go once read
      done = { items, warnings: warnings.finish(), formatDrift: warnings.drift };
      return done;
    },
  };
}
