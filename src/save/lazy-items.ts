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

/** What reading the items later needs, as plain data (structured-cloneable: a parse worker can
 * post it, its `runs`' buffers transferred; `lazyItems` on the other side reads it). */
export interface KeptWorldItems {
  kept: KeptItems;
  /** Only what mapItems reads of the level: its bases, guilds and traits. */
  level: LevelData;
  playerSaves: Map<string, PlayerSave>;
}

export function keepWorldItems(kept: KeptItems, level: LevelData, playerSaves: Map<string, PlayerSave>): KeptWorldItems {
  const held: LevelData = {
    header: level.header,
    characters: [],
    guilds: level.guilds,
    bases: level.bases,
    slots: new Map(),
    traits: level.traits,
  };
  return { kept, level: held, playerSaves };
}

/** The items of one parse, read on the first call of `read` and kept from then on. */
export interface LazyItems {
  /** The kept bytes' size (the item parts of Level.sav's GVAS). */
  readonly keptBytes: number;
  /** The data to read them from, until they are read (then undefined: the bytes are let go). */
  readonly kept: KeptWorldItems | undefined;
  /** The items as the eager parse maps them, and the warnings of reading them (which the eager
   * parse lists among its own). */
  read(): { items: WorldItems; warnings: ParseWarning[]; formatDrift: boolean };
}

export function lazyItems(data: KeptWorldItems): LazyItems {
  let source: KeptWorldItems | undefined = data;
  let done: ReturnType<LazyItems['read']> | undefined;
  return {
    keptBytes: data.kept.runs.reduce((n, r) => n + r.bytes.length, 0),
    get kept() {
      return source;
    },
    read() {
      if (done) return done;
      const { kept, level, playerSaves } = source!;
      const warnings = new WarningSink();
      level.items = decodeKeptItems(kept, 'Level.sav', warnings);
      const items = mapItems({ level, playerSaves })!; // level.items is set
      level.items = undefined;
      source = undefined; // the bytes go once read
      done = { items, warnings: warnings.finish(), formatDrift: warnings.drift };
      return done;
    },
  };
}
