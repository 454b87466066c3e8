// The items of Level.sav read on first use instead of in the parse: the parse's walk skips the
// item parts by size and records where they are (level.ts `itemRanges`); `keepItemParts` copies
// out only those bytes (the rest of the GVAS can go), and `decodeKeptItems` reads them later with
// the same readers as one walk with items, at the same offsets, so its items and warnings are
// those of the eager path.

import { decodeProps } from '../gvas/props.js';
import { ITEM_SELECT, type LevelItems } from './level-items.js';
import { itemReaders, type ItemRange } from './level.js';
import type { DecodeCtx, EntrySink, Props } from '../gvas/types.js';
import { ByteReader } from '../reader.js';
import { StringPool } from '../gvas/string-pool.js';
import type { WarningSink } from '../warnings.js';

/** The item parts' bytes, copied out of Level.sav's GVAS, with where each run of them was. */
export interface KeptItems {
  /** The GVAS's length: the offsets below are positions in it. */
  length: number;
  runs: { start: number; bytes: Uint8Array }[];
}

/** `None`: the FString that ends a property list (i32 length 5, "None", NUL). */
const NONE = new Uint8Array([5, 0, 0, 0, 0x4e, 0x6f, 0x6e, 0x65, 0]);

/** Copies the item parts out of `gvas` (adjacent parts as one run). The copy owns its bytes, so
 * the GVAS (perhaps the Oodle decoder's memory) may be reused once this returns. */
export function keepItemParts(gvas: Uint8Array, ranges: readonly ItemRange[]): KeptItems {
  const merged: ItemRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && last.end === r.start) last.end = r.end;
    else merged.push({ start: r.start, end: r.end });
  }
  return { length: gvas.length, runs: merged.map((r) => ({ start: r.start, bytes: gvas.slice(r.start, r.end) })) };
}

/**
 * Reads the kept item parts as the walk would have: each run is laid at its own offset in a buffer
 * as long as the GVAS (zero elsewhere: pages never written stay unallocated) and ended by a `None`,
 * so offsets in warnings and blobs are the file's.
 */
export function decodeKeptItems(kept: KeptItems, file: string, warnings: WarningSink): LevelItems {
  const tail = kept.runs.length > 0 ? kept.runs.at(-1)!.start + kept.runs.at(-1)!.bytes.length + NONE.length : 0;
  const gvas = new Uint8Array(Math.max(kept.length, tail));
  for (const run of kept.runs) gvas.set(run.bytes, run.start);
  const root = new ByteReader(gvas);
  const level = { file, gvas, root, pool: new StringPool() };
  const sinks = new Map<string, EntrySink>();
  const readers = itemReaders(level, sinks);
  const ctx: DecodeCtx = { file, warnings, sinks, rawSinks: readers.rawSinks, top: 'worldSaveData' };
  const world: Props = new Map();
  for (const run of kept.runs) {
    const end = run.start + run.bytes.length;
    // The bytes after a run are never one of its own: a `None` there ends its property list.
    // Adjacent parts are one run, so the next run starts at least one whole property (a tag with
    // two FStrings and a size: more than nine bytes) further and is not overwritten.
    gvas.set(NONE, end);
    const r = new ByteReader(gvas);
    r.pos = run.start;
    const oldEnd = r.narrow(end + NONE.length);
    for (const [k, v] of decodeProps(r, ctx, 'worldSaveData', 1, ITEM_SELECT)) world.set(k, v);
    r.restore(oldEnd);
  }
  return readers.finish(world, warnings);
}
