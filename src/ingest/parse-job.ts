// One parse of a save folder: read the files, parse them, and either return the rows (the
// `parse` command) or build the finished world database (serve), so that the main thread only
// swaps it in. Runs inside the parse worker or, for the command, on the main thread.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParseWarning, WorldMeta } from '../domain/world.js';
import {
  parseWorldStreamed,
  createNameTable,
  defaultNameTable,
  type ParseResult,
  type ParseTimings,
  type StreamedParseResult,
} from '../save/index.js';
import builtinPals from '../../assets/names/pals.json' with { type: 'json' };
import { writeTempFile } from '../lib/atomic-file.js';
import { loadSqlJs } from '../store/sqljs.js';
import { ChunkWriter, writeParseJson } from './parse-json.js';
import { buildWorldDatabase, itemRow, uidKey, type ItemsRead } from '../store/world.js';
import { KeptItemsWriter, readKeptFile } from './kept-items.js';
import { readSaveFolder, type FileStamp, type SaveFolderBytes } from './save-files.js';

export const NAMES_FILE = 'names.json';

export interface ParseJob {
  target: string;
  /** Which run this is (set by run*ParseJob). */
  mode?: 'rows' | 'store' | 'json';
  /** Data dir holding an optional names.json of the user's own display names. */
  dataDir?: string;
  now?: number;
  /** Store mode: the world database file; the worker writes the new one beside it (fsynced), so
   * that the main thread only renames it into place. */
  worldFile?: string;
  /** 'lazy' (serve's default): the item parts' bytes are written to a file beside `worldFile` as
   * the walk passes them and read after the swap (kept-items.ts, items-reader.ts); the world
   * database is then built without items. true (the command's default): read them in the walk;
   * false: leave them unread (bench/parse compares all three). */
  items?: boolean | 'lazy';
}

export interface ParseJobResult {
  result: ParseResult;
  stamp: FileStamp;
  readMs: number;
}

/** What serve needs from a parse: the built world database and a summary, not the rows. */
export interface StoreParseResult {
  world: Uint8Array;
  /** With `items: 'lazy'`: the temp file the item parts were written to, beside the job's
   * `worldFile` (kept-items.ts), to be read after the swap. */
  itemsTemp?: string;
  /** The temp file `world` was written to, beside the job's `worldFile`. */
  worldTemp?: string;
  parsedAt: string;
  stamp: FileStamp;
  readMs: number;
  buildMs: number;
  timings: ParseTimings;
  counts: { players: number; pals: number; guilds: number };
  formatDrift: boolean;
  warnings: ParseWarning[];
  meta: WorldMeta;
  /** For the player history: who is in this save, and when the save says they were online. */
  players: { uidKey: string; lastOnlineAt?: string }[];
}

/** The user's names.json, when present and readable; a broken file is ignored. */
export function loadNameOverrides(dataDir?: string): Record<string, string> | undefined {
  if (!dataDir) return undefined;
  const path = join(dataDir, NAMES_FILE);
  if (!existsSync(path)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the save folder and parses it, its pal rows left to a stream. The file bytes are let go
 * as soon as they are decompressed (only the stream's decoded facts outlive the parse). */
async function parseStreamed(
  job: ParseJob,
  keeper?: KeptItemsWriter,
): Promise<{ result: StreamedParseResult; stamp: FileStamp; readMs: number }> {
  const t0 = performance.now();
  const files: Partial<SaveFolderBytes> = readSaveFolder(job.target);
  const readMs = performance.now() - t0;
  const stamp = files.stamp!;
  const overrides = loadNameOverrides(job.dataDir);
  const names = overrides ? createNameTable(builtinPals, overrides) : defaultNameTable();
  const input = { level: files.level!, levelMeta: files.levelMeta, players: files.players! };
  files.level = undefined;
  files.players = undefined;
  const result = await parseWorldStreamed(input, {
    names,
    now: job.now !== undefined ? new Date(job.now) : new Date(),
    // Serve writes the items' bytes to a file for a second worker to read after the swap; the
    // command reads them in the walk, as it prints them at once.
    items: job.items ?? true,
    ...(keeper ? { keepItems: keeper.keep } : {}),
  });
  return { result, stamp, readMs };
}

export async function runParseJob(job: ParseJob): Promise<ParseJobResult> {
  const { result, stamp, readMs } = await parseStreamed({ ...job, mode: 'rows' });
  const t0 = performance.now();
  const pals = [...result.pals];
  result.timings.mapMs += performance.now() - t0;
  const { players, guilds, items, formatDrift, warnings, meta, timings } = result;
  return { result: { players, pals, guilds, ...(items ? { items } : {}), formatDrift, warnings, meta, timings }, stamp, readMs };
}

/** What `parse --json` needs from a parse: the text it prints, made in the worker. */
export interface JsonParseResult {
  /** UTF-8 chunks of the text, each of whole rows (so each decodes on its own). */
  json: Uint8Array[];
  stamp: FileStamp;
  readMs: number;
}

/** Parses and writes the `parse --json` text as the pal rows stream out (parse-rows.ts): neither
 * the rows nor the text are ever held whole as objects or one string. */
export async function runJsonParseJob(job: ParseJob): Promise<JsonParseResult> {
  const { result, stamp, readMs } = await parseStreamed({ ...job, mode: 'json' });
  const out = new ChunkWriter();
  writeParseJson(result, new Date(), out.write);
  return { json: out.finish(), stamp, readMs };
}

export async function runStoreParseJob(job: ParseJob): Promise<StoreParseResult> {
  const lazy = (job.items ?? 'lazy') === 'lazy';
  const keeper = lazy && job.worldFile ? new KeptItemsWriter(job.worldFile) : undefined;
  try {
    return await storeParse(job, keeper);
  } catch (err) {
    keeper?.abort();
    throw err;
  }
}

async function storeParse(job: ParseJob, keeper: KeptItemsWriter | undefined): Promise<StoreParseResult> {
  // Kept only with a world file to keep them beside; without one (tests, bench) left unread.
  const items = keeper ? 'lazy' : job.items === true;
  const { result, stamp, readMs } = await parseStreamed({ ...job, mode: 'store', items }, keeper);
  const t0 = performance.now();
  // lastParseAt is the moment the parse completed (spec: Envelope).
  const parsedAt = new Date().toISOString();
  // The items are encoded first and let go: their objects (on the 100,000-pal world, 10,700
  // containers and 38,000 slots) would otherwise live through the pal stream below.
  const encoded = itemRow(result.items, uidKey);
  result.items = undefined;
  // The pal rows are made, encoded and inserted one by one (store/world.ts).
  const world = buildWorldDatabase(await loadSqlJs(), { ...result, ...(encoded ? { itemRow: encoded } : {}) }, parsedAt);
  const worldTemp = job.worldFile ? writeTempFile(job.worldFile, world, 0o600, 'parse') : undefined;
  const itemsTemp = keeper && result.keptItems ? keeper.finish(parsedAt, result.keptItems) : undefined;
  return {
    world,
    ...(worldTemp ? { worldTemp } : {}),
    parsedAt,
    stamp,
    readMs,
    buildMs: performance.now() - t0,
    timings: result.timings,
    counts: { players: result.players.length, pals: result.palCount, guilds: result.guilds.length },
    formatDrift: result.formatDrift,
    warnings: result.warnings,
    meta: result.meta,
    players: result.players.map((p) => ({ uidKey: uidKey(p.uid), lastOnlineAt: p.lastOnlineAt })),
    ...(itemsTemp ? { itemsTemp } : {}),
  };
}

/** Reading a parse's kept items after the swap (items-reader.ts): the world database file they
 * are kept beside and the parse they belong to. */
export interface ItemsJob {
  worldFile: string;
  parsedAt: string;
}

/** The kept items read, mapped and encoded as the world database keeps them (null: the file is
 * not this parse's, or not whole). */
export interface ItemsJobResult extends ItemsRead {
  ms: number;
}

export function runItemsJob(job: ItemsJob): ItemsJobResult | null {
  const t0 = performance.now();
  const read = readKeptFile(job.worldFile, job.parsedAt);
  if (!read) return null;
  const row = itemRow(read.items, uidKey)!;
  return { row, warnings: read.warnings, formatDrift: read.formatDrift, ms: performance.now() - t0 };
}
