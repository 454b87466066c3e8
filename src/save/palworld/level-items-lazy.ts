// The items of Level.sav read on first use instead of in the parse: the parse's walk skips the
// item parts by size and records where they are (level.ts `itemRanges`); a keeper copies or writes
// out only those bytes (the rest of the GVAS can go), and `decodeLaidItems` reads them later with
// the same readers as one walk with items, at the same offsets, so its items and warnings are
// those of the eager path.

import { decodeProps } from '../gvas/props.js';
import { ITEM_SELECT, type LevelItems } from './level-items.js';
import { itemReaders, type ItemRange } from './level.js';
import type { DecodeCtx, EntrySink, Props } from '../gvas/types.js';
import { ByteReader } from '../reader.js';
import { StringPool } from '../gvas/string-pool.js';
import type { WarningSink } from '../warnings.js';

/** Where the item parts were in Level.sav's GVAS: adjacent parts as one run. Plain data. */
export interface KeptRuns {
  /** The GVAS's length: the runs' starts are positions in it. */
  length: number;
  runs: { start: number; size: number }[];
}

/** `None`: the FString that ends a property list (i32 length 5, "None", NUL). */
const NONE = new Uint8Array([5, 0, 0, 0, 0x4e, 0x6f, 0x6e, 0x65, 0]);

/** The walk's item ranges as runs (adjacent parts joined). */
export function itemRuns(length: number, ranges: readonly ItemRange[]): KeptRuns {
  const runs: KeptRuns['runs'] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    const last = runs.at(-1);
    if (last && last.start + last.size === r.start) last.size += r.end - r.start;
    else runs.push({ start: r.start, size: r.end - r.start });
  }
  return { length, runs };
}

/**
 * A buffer to lay the runs in, each at its own offset: as long as the GVAS (zero elsewhere: pages
 * never written stay unallocated) and room for the `None` after the last run, so that offsets in
 * warnings and blobs are the file's.
 */
export function laidBuffer(kept: KeptRuns): Uint8Array {
  const last = kept.runs.at(-1);
  return new Uint8Array(Math.max(kept.length, last ? last.start + last.size + NONE.length : 0));
}

/** The runs copied out of `gvas` into a buffer of their own (`laidBuffer`): the GVAS (perhaps the
 * Oodle decoder's memory) may be reused once this returns. */
export function layRuns(gvas: Uint8Array, kept: KeptRuns): Uint8Array {
  const laid = laidBuffer(kept);
  for (const r of kept.runs) laid.set(gvas.subarray(r.start, r.start + r.size), r.start);
  return laid;
}

/** Reads the runs laid in `laid` (`laidBuffer`) as the walk would have. `laid` is written to: a
 * `None` after each run. */
export function decodeLaidItems(laid: Uint8Array, kept: KeptRuns, file: string, warnings: WarningSink): LevelItems {
  const root = new ByteReader(laid);
  const level = { file, gvas: laid, root, pool: new StringPool() };
  const sinks = new Map<string, EntrySink>();
  const readers = itemReaders(level, sinks);
  const ctx: DecodeCtx = { file, warnings, sinks, rawSinks: readers.rawSinks, top: 'worldSaveData' };
  const world: Props = new Map();
  for (const run of kept.runs) {
    const end = run.start + run.size;
    // The bytes after a run are never one of its own: a `None` there ends its property list.
    // Adjacent parts are one run, so the next run starts at least one whole property (a tag with
    // two FStrings and a size: more than nine bytes) further and is not overwritten.
    laid.set(NONE, end);
    const r = new ByteReader(laid);
    r.pos = run.start;
    const oldEnd = r.narrow(end + NONE.length);
    for (const [k, v] of decodeProps(r, ctx, 'worldSaveData', 1, ITEM_SELECT)) world.set(k, v);
    r.restore(oldEnd);
  }
  return readers.finish(world, warnings);
}
