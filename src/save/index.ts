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

import type { WorldPal, WorldSnapshot } from '../lib/world.js';
import { openContainer, type InflateBudget } from './container.js';
import { SaveError } from './errors.js';
import { decodeLevel } from './level.js';
import { decodeLevelMeta, type LevelMeta } from './level-meta.js';
import { defaultNameTable, type NameTable } from './names.js';
import { decodePlayerSave, type PlayerSave } from './player-save.js';
import { guidFromStem } from './reader.js';
import { gameDay } from './time.js';
import { fingerprint } from './version.js';
import { WarningSink } from './warnings.js';
import { mapWorldStreamed } from './world-map.js';

export { SaveError, SaveReadError, SaveFormatError, LimitExceededError, OutOfBoundsError } from './errors.js';
export { BUILTIN_PAL_NAMES, createNameTable, defaultNameTable, fallbackName, speciesKey, type NameTable } from './names.js';
export { LIMITS } from './limits.js';
export { ensureOodle } from './oodle.js';

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
}

export interface ParseTimings {
  decompressMs: number;
  decodeMs: number;
  mapMs: number;
}

export interface ParseResult extends WorldSnapshot {
  timings: ParseTimings;
}

/** A parse whose pal rows are a single-use stream in instance-id order (world-map.ts
 * `StreamedRows`): for a store that writes them as they come. */
export interface StreamedParseResult extends Omit<WorldSnapshot, 'pals'> {
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
  return { players: s.players, pals, guilds: s.guilds, formatDrift: s.formatDrift, warnings: s.warnings, meta: s.meta, timings: s.timings };
}

/** `decodeWorld` with the pal rows left to a stream: only the pals' decoded facts are held, and
 * each row is made when the stream reaches it. */
export function decodeWorldStreamed(files: GvasFiles, container: string, opts: ParseOptions = {}): StreamedParseResult {
  const t0 = performance.now();
  const warnings = new WarningSink();
  const level = decodeLevel(files.level, warnings);
  let meta: LevelMeta | undefined;
  if (files.levelMeta) {
    const bytes = files.levelMeta;
    meta = sideFile(warnings, 'LevelMeta.sav', () => decodeLevelMeta(bytes, warnings));
  }
  const playerSaves = new Map<string, PlayerSave>();
  for (const [uid, stem, bytes] of playerFiles(files.players)) {
    const file = `Players/${stem}.sav`;
    const save = sideFile(warnings, file, () => decodePlayerSave(bytes, file, warnings));
    if (save) playerSaves.set(uid, save);
  }
  const t1 = performance.now();
  const rows = mapWorldStreamed({ level, playerSaves, names: opts.names ?? defaultNameTable(), warnings });
  const t2 = performance.now();

  const day = meta?.inGameDay ?? gameDay(level.gameDateTimeTicks);
  return {
    players: rows.players,
    guilds: rows.guilds,
    pals: rows.pals,
    palCount: rows.palCount,
    formatDrift: warnings.drift,
    warnings: warnings.finish(),
    meta: {
      container,
      gameVersion: fingerprint(level.header.customVersionCount, level.traits, container),
      ...(day !== undefined ? { day } : {}),
      ...(meta?.worldName !== undefined ? { worldName: meta.worldName } : {}),
    },
    timings: { decompressMs: 0, decodeMs: t1 - t0, mapMs: t2 - t1 },
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
  const level = await openContainer(files.level, { limit: 'maxDecompressedBytes', budget });
  const early = new WarningSink();
  let levelMeta: Uint8Array | undefined;
  if (files.levelMeta) {
    try {
      levelMeta = (await openContainer(files.levelMeta, { limit: 'maxLevelMetaBytes', budget })).gvas;
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      early.add('LevelMeta.sav', err.offset ?? 0, '', `file could not be read (${err.code}): ${err.message}`, false);
    }
  }
  const players = new Map<string, Uint8Array>();
  for (const [, stem, bytes] of playerFiles(files.players)) {
    try {
      players.set(stem, (await openContainer(bytes, { limit: 'maxPlayerSaveBytes', budget })).gvas);
    } catch (err) {
      if (!(err instanceof SaveError)) throw err;
      early.add(`Players/${stem}.sav`, err.offset ?? 0, '', `file could not be read (${err.code}): ${err.message}`, false);
    }
  }
  const t1 = performance.now();
  const res = decodeWorldStreamed({ level: level.gvas, levelMeta, players }, level.container, opts);
  // Nothing made from the GVAS refers to its bytes (the rows hold strings and numbers), so its
  // memory goes back now rather than at the next full collection: a store step that follows
  // would otherwise hold it beside the world database it builds.
  if (level.container !== 'GVAS') release(level.gvas);
  res.timings.decompressMs = t1 - t0;
  if (early.list.length > 0) res.warnings = [...early.list, ...res.warnings];
  return res;
}
