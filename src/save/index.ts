// The public entry of the world-save parser: pure functions of bytes (no fs, no SQL, no HTTP).
// `parseWorld` unwraps the containers, decodes the GVAS data the world rows need and maps them to
// a WorldSnapshot. Ids in the snapshot are Guids in dashed upper-case form (see reader.ts).
//
// Failure policy:
// - Level.sav that cannot be read (container, GVAS header, top-level layout) → SaveReadError
//   (LimitExceededError is one) is thrown.
// - LevelMeta.sav or a Players/<UID>.sav that cannot be read → a warning; the world name or that
//   player's progression fields are omitted. This is not format drift: such a file is usually
//   corrupt or half-written, not of an unknown layout.
// - An unknown layout inside any file (property type, raw-data blob, misplaced structure) → a
//   warning with `formatDrift: true`; the item is skipped and the rest is still read.

import type { WorldPal, WorldSnapshot } from '../domain/world.js';
import { needsOodle, readContainer, type InflateBounds, type InflateBudget } from './container/container.js';
import { SaveError } from './errors.js';
import { decodeLevel, type LevelData } from './palworld/level.js';
import { decodeLevelMeta, type LevelMeta } from './palworld/level-meta.js';
import { defaultNameTable, type NameTable } from './world/names.js';
import { decodePlayerSave, type PlayerSave } from './palworld/player-save.js';
import { guidFromStem } from './reader.js';
import { gameDay } from './gvas/time.js';
import { fingerprint } from './world/version.js';
import { WarningSink } from './warnings.js';
import { mapWorldStreamed } from './world/map.js';
import { mapItems } from './world/items.js';
import { itemRuns, layRuns, type KeptRuns } from './palworld/level-items-lazy.js';
import { keepWorldItems, lazyItems, type ItemKeeper, type KeptWorldItems, type LazyItems } from './lazy-items.js';
export { lazyItems, readKeptItems, type ItemKeeper, type KeptWorldItems, type LazyItems, type ReadItems } from './lazy-items.js';
export { laidBuffer, type KeptRuns } from './palworld/level-items-lazy.js';

export { SaveError, SaveReadError, SaveFormatError, LimitExceededError, OutOfBoundsError } from './errors.js';
export {
  BUILTIN_PAL_NAMES,
  createNameTable,
  defaultNameTable,
  fallbackName,
  humanFallbackName,
  isHumanSpecies,
  speciesKey,
  type NameTable,
} from './world/names.js';
export { createSkillNames, defaultSkillNames, skillKey, type SkillName, type SkillNameTable } from './world/skill-names.js';
export { LIMITS } from './limits.js';
export { ensureOodle } from './container/oodle.js';
export { WarningSink } from './warnings.js';
export { itemFacts, itemLanguage, itemName, isNamedItem, ITEM_LANGUAGES, type ItemFacts } from './world/item-facts.js';
export { decodeWorldOption, type WorldOption } from './palworld/world-option.js';
import { ensureOodle } from './container/oodle.js';

/** Raw file contents of one world save folder. */
export interface SaveFiles {
  level: Uint8Array;
  levelMeta?: Uint8Array;
  /** Key: file stem upper-case, e.g. `43797F87000000000000000000000000`. `_dps` files and any
   * other stem that is not 32 hex digits are ignored. */
  players: Map<string, Uint8Array>;
}

export interface ParseOptions {
  names?: NameTable;
  /** Reserved: the snapshot holds only times found in the save, so nothing depends on it yet. */
  now?: Date;
  /** false: the item containers are left unread (skipped by size), e.g. to measure what they
   * cost (bench/parse); the snapshot then has no `items`. 'lazy': the walk skips them too but
   * keeps their bytes (`keepItems`) and what mapping them needs (`keptItems`). Default true. */
  items?: boolean | 'lazy';
  /** With `items: 'lazy'`: where the item parts' bytes go. Absent: they are copied into memory
   * and the result's `lazyItems` reads them. */
  keepItems?: ItemKeeper;
}

export interface ParseTimings {
  decompressMs: number;
  decodeMs: number;
  mapMs: number;
}

/** What a parse with `items: 'lazy'` adds (`items` is then absent). */
interface KeptParts {
  /** Where the kept bytes were and what mapping them needs. */
  keptItems?: KeptWorldItems;
  /** The items, read on first request, when no `keepItems` took the bytes. */
  lazyItems?: LazyItems;
}

export interface ParseResult extends WorldSnapshot, KeptParts {
  timings: ParseTimings;
}

/** A parse whose pal rows are a single-use stream in instance-id order (world-map.ts
 * `StreamedRows`): for a store that writes them as they come. */
export interface StreamedParseResult extends Omit<WorldSnapshot, 'pals'>, KeptParts {
  pals: Iterable<WorldPal>;
  palCount: number;
  timings: ParseTimings;
}

/** Decompressed GVAS blobs of a save folder (the input of the decode stage). */
export interface GvasFiles {
  level: Uint8Array;
  levelMeta?: Uint8Array;
  players: Map<string, Uint8Array>;
}

function playerFiles(players: Map<string, Uint8Array>): [uid: string, stem: string, bytes: Uint8Array][] {
  const out: [string, string, Uint8Array][] = [];
  for (const [stem, bytes] of players) {
    const uid = guidFromStem(stem);
    if (uid) out.push([uid, stem.toUpperCase(), bytes]);
  }
  return out;
}

/** Runs `fn` for a side file; a SaveError becomes a warning and undefined. */
function sideFile<T>(warnings: WarningSink, file: string, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
    warnings.add(file, err.offset ?? 0, '', `file could not be read (${err.code}): ${err.message}`, false);
    return undefined;
  }
}

/**
 * The decode and map stages over already decompressed GVAS blobs: synchronous and pure.
 * Throws SaveReadError when Level.sav cannot be read.
 */
export function decodeWorld(files: GvasFiles, container: string, opts: ParseOptions = {}): ParseResult {
  return materialize(decodeWorldStreamed(files, container, opts));
}

/** A streamed parse with its pal rows made, all of them. */
function materialize(s: StreamedParseResult): ParseResult {
  const t0 = performance.now();
  const pals = [...s.pals];
  s.timings.mapMs += performance.now() - t0;
  return {
    players: s.players,
    pals,
    guilds: s.guilds,
    ...(s.items ? { items: s.items } : {}),
    ...(s.keptItems ? { keptItems: s.keptItems } : {}),
    ...(s.lazyItems ? { lazyItems: s.lazyItems } : {}),
    formatDrift: s.formatDrift,
    warnings: s.warnings,
    meta: s.meta,
    timings: s.timings,
  };
}

/** `decodeWorld` with the pal rows left to a stream: only the pals' decoded facts are held, and
 * each row is made when the stream reaches it. */
export function decodeWorldStreamed(files: GvasFiles, container: string, opts: ParseOptions = {}): StreamedParseResult {
  const t0 = performance.now();
  const warnings = new WarningSink();
  const lazy = opts.items === 'lazy';
  const level = decodeLevel(files.level, warnings, opts.items !== false && !lazy);
  const meta = files.levelMeta ? decodeMeta(warnings, files.levelMeta) : undefined;
  const playerSaves = new Map<string, PlayerSave>();
  for (const [uid, stem, bytes] of playerFiles(files.players)) decodePlayer(warnings, playerSaves, uid, stem, bytes);
  const res = mapStage(level, meta, playerSaves, warnings, container, opts, {
    decompressMs: 0,
    decodeMs: performance.now() - t0,
    mapMs: 0,
  });
  if (lazy) keepParts(res, keep(files.level, level.itemRanges ?? [], opts), level, playerSaves);
  return res;
}

/** The item parts' runs handed to the parse's keeper, or copied into memory without one. */
function keep(gvas: Uint8Array, ranges: Parameters<typeof itemRuns>[1], opts: ParseOptions): { runs: KeptRuns; laid?: Uint8Array } {
  const runs = itemRuns(gvas.length, ranges);
  if (opts.keepItems) {
    opts.keepItems(gvas, runs);
    return { runs };
  }
  return { runs, laid: layRuns(gvas, runs) };
}

function keepParts(res: KeptParts, kept: ReturnType<typeof keep>, level: LevelData, playerSaves: Map<string, PlayerSave>): void {
  res.keptItems = keepWorldItems(kept.runs, level, playerSaves);
  if (kept.laid) res.lazyItems = lazyItems(kept.laid, res.keptItems);
}

function decodeMeta(warnings: WarningSink, bytes: Uint8Array): LevelMeta | undefined {
  return sideFile(warnings, 'LevelMeta.sav', () => decodeLevelMeta(bytes, warnings));
}

function decodePlayer(warnings: WarningSink, into: Map<string, PlayerSave>, uid: string, stem: string, bytes: Uint8Array): void {
  const file = `Players/${stem}.sav`;
  const save = sideFile(warnings, file, () => decodePlayerSave(bytes, file, warnings));
  if (save) into.set(uid, save);
}

/** The map stage, once every file is decoded: the rows (pals as a stream) and the meta. */
function mapStage(
  level: LevelData,
  meta: LevelMeta | undefined,
  playerSaves: Map<string, PlayerSave>,
  warnings: WarningSink,
  container: string,
  opts: ParseOptions,
  timings: ParseTimings,
): StreamedParseResult {
  const t0 = performance.now();
  const rows = mapWorldStreamed({ level, playerSaves, names: opts.names ?? defaultNameTable(), warnings });
  const items = mapItems({ level, playerSaves });
  // The raw items are not needed once mapped; the pal stream keeps `level` until its last row.
  level.items = undefined;
  timings.mapMs = performance.now() - t0;
  const day = meta?.inGameDay ?? gameDay(level.gameDateTimeTicks);
  return {
    players: rows.players,
    guilds: rows.guilds,
    pals: rows.pals,
    palCount: rows.palCount,
    ...(items ? { items } : {}),
    formatDrift: warnings.drift,
    warnings: warnings.finish(),
    meta: {
      container,
      gameVersion: fingerprint(level.header.customVersionCount, level.traits, container),
      ...(day !== undefined ? { day } : {}),
      ...(meta?.worldName !== undefined ? { worldName: meta.worldName } : {}),
    },
    timings,
  };
}

/** Decompressed buffers this large are their own allocation, never a slice of Node's pool. */
const OWN_ALLOCATION = 1 << 20;

/**
 * Frees a decompressed buffer at once by detaching its ArrayBuffer (`transfer(0)`), when the
 * buffer is all of it: zlib hands out its one output chunk (one byte longer than the data) and
 * Oodle a buffer of its own. Where `transfer` is missing (Node 20) the memory waits for the GC.
 */
function release(bytes: Uint8Array): void {
  const buf = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  const whole = bytes.byteOffset === 0 && buf.byteLength - bytes.byteLength <= 1;
  if (bytes.byteLength >= OWN_ALLOCATION && whole && typeof buf.transfer === 'function') buf.transfer(0);
}

/**
 * Parses a world save folder's files. Throws SaveReadError (or its subclass LimitExceededError)
 * when Level.sav cannot be read; see the failure policy above for the other files.
 */
export async function parseWorld(files: SaveFiles, opts: ParseOptions = {}): Promise<ParseResult> {
  return materialize(await parseWorldStreamed(files, opts));
}

/** `parseWorld` with the pal rows left to a stream (`decodeWorldStreamed`). The decompressed
 * files are let go when this returns: the stream holds only the pals' decoded facts. */
export async function parseWorldStreamed(files: SaveFiles, opts: ParseOptions = {}): Promise<StreamedParseResult> {
  const t0 = performance.now();
  // One budget for the whole parse: a bomb in every player file cannot add up without end.
  const budget: InflateBudget = { used: 0 };
  const players = playerFiles(files.players);
  // Every await comes first: from Level.sav's decompression to the end of its decoding nothing
  // else may run, as its GVAS can be a view into the Oodle decoder's memory (no copy of a whole
  // world), which the next decompression reuses. The side files are decompressed after it.
  if (needsOodle(files.level)) await ensureOodle();
  let sideOodle: SaveError | undefined;
  if ((files.levelMeta && needsOodle(files.levelMeta)) || players.some(([, , bytes]) => needsOodle(bytes))) {
    try {
      await ensureOodle();
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      sideOodle = err; // each side file that needs it reports it (below)
    }
  }
  const level = readContainer(files.level, { limit: 'maxDecompressedBytes', budget }, true);
  const t1 = performance.now();
  const warnings = new WarningSink();
  const lazy = opts.items === 'lazy';
  const levelData = decodeLevel(level.gvas, warnings, opts.items !== false && !lazy);
  // Kept before the GVAS goes (it may be the Oodle decoder's memory).
  const kept = lazy ? keep(level.gvas, levelData.itemRanges ?? [], opts) : undefined;
  // Nothing made from the GVAS refers to its bytes (the rows hold strings and numbers), so its
  // memory goes back now rather than at the next full collection: the store step that follows
  // would otherwise hold it beside the world database it builds.
  // (An Oodle view belongs to the decoder, and a bare GVAS to the caller: neither is released.)
  if (level.container !== 'GVAS' && !level.container.includes('PlM')) release(level.gvas);
  const t2 = performance.now();

  // The side files: unwrapped and decoded one by one; one that cannot be read is a warning,
  // listed before those of the decoding.
  const early = new WarningSink();
  let decompressMs = t1 - t0;
  let decodeMs = t2 - t1;
  const side = <T>(file: string, bytes: Uint8Array, limit: InflateBounds['limit'], decode: (gvas: Uint8Array) => T): void => {
    const s0 = performance.now();
    let gvas: Uint8Array;
    try {
      if (sideOodle !== undefined && needsOodle(bytes)) throw sideOodle;
      gvas = readContainer(bytes, { limit, budget }).gvas;
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      early.add(file, err.offset ?? 0, '', `file could not be read (${err.code}): ${err.message}`, false);
      return;
    } finally {
      decompressMs += performance.now() - s0;
    }
    const s1 = performance.now();
    decode(gvas);
    decodeMs += performance.now() - s1;
  };
  let meta: LevelMeta | undefined;
  if (files.levelMeta) side('LevelMeta.sav', files.levelMeta, 'maxLevelMetaBytes', (gvas) => (meta = decodeMeta(warnings, gvas)));
  const playerSaves = new Map<string, PlayerSave>();
  for (const [uid, stem, bytes] of players) {
    side(`Players/${stem}.sav`, bytes, 'maxPlayerSaveBytes', (gvas) => decodePlayer(warnings, playerSaves, uid, stem, gvas));
  }
  const res = mapStage(levelData, meta, playerSaves, warnings, level.container, opts, { decompressMs, decodeMs, mapMs: 0 });
  if (kept) keepParts(res, kept, levelData, playerSaves);
  if (early.list.length > 0) res.warnings = [...early.list, ...res.warnings];
  return res;
}
