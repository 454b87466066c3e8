// The items of a parse read after it (ParseOptions `items: 'lazy'`): the walk skips the item parts
// and a keeper takes their bytes (level-items-lazy.ts): copied into memory by default, written
// straight to a file by serve's parse job (ingest/kept-items.ts). What mapping them needs besides
// the bytes (the bases, guilds and traits of Level.sav, the players' inventory info) is
// `KeptWorldItems`; `readKeptItems` decodes and maps them.

import type { ParseWarning } from '../domain/world.js';
import type { WorldItems } from '../domain/world-items.js';
import { decodeLaidItems, type KeptRuns } from './palworld/level-items-lazy.js';
import type { LevelData } from './palworld/level.js';
import type { PlayerSave } from './palworld/player-save.js';
import { WarningSink } from './warnings.js';
import { mapItems } from './world/items.js';

/** Where the kept bytes were, and what mapping them needs, as plain data (v8-serializable: serve
 * writes it beside the bytes). */
export interface KeptWorldItems {
  kept: KeptRuns;
  /** Only what mapItems reads of the level: its bases, guilds and traits. */
  level: LevelData;
  playerSaves: Map<string, PlayerSave>;
}

/** Takes the item parts' bytes as the walk leaves Level.sav: called once with its GVAS, before
 * the GVAS goes (it may be the Oodle decoder's memory), so it must copy or write them at once. */
export type ItemKeeper = (gvas: Uint8Array, kept: KeptRuns) => void;

export function keepWorldItems(kept: KeptRuns, level: LevelData, playerSaves: Map<string, PlayerSave>): KeptWorldItems {
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

/** The items as the eager parse maps them, and the warnings of reading them (which the eager
 * parse lists among its own). */
export interface ReadItems {
  items: WorldItems;
  warnings: ParseWarning[];
  formatDrift: boolean;
}

/** Decodes and maps the kept items; `laid` holds the runs at their offsets (`laidBuffer`). */
export function readKeptItems(laid: Uint8Array, data: KeptWorldItems): ReadItems {
  const warnings = new WarningSink();
  const level: LevelData = { ...data.level, items: decodeLaidItems(laid, data.kept, 'Level.sav', warnings) };
  const items = mapItems({ level, playerSaves: data.playerSaves })!; // level.items is set
  return { items, warnings: warnings.finish(), formatDrift: warnings.drift };
}

/** The items of one parse kept in memory, read on the first call of `read` and kept from then on. */
export interface LazyItems {
  /** The kept bytes' size (the item parts of Level.sav's GVAS). */
  readonly keptBytes: number;
  read(): ReadItems;
}

export function lazyItems(laid: Uint8Array, data: KeptWorldItems): LazyItems {
  let bytes: Uint8Array | undefined = laid;
  let done: ReadItems | undefined;
  return {
    keptBytes: data.kept.runs.reduce((n, r) => n + r.size, 0),
    read() {
      done ??= readKeptItems(bytes!, data);
      bytes = undefined; // the bytes go once read
      return done;
    },
  };
}
