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
  type KeptWorldItems,
  type ParseResult,
  type ParseTimings,
  type StreamedParseResult,
} from '../save/index.js';
import builtinPals from '../../assets/names/pals.json' with { type: 'json' };
import { writeTempFile } from '../lib/atomic-file.js';
import { loadSqlJs } from '../store/sqljs.js';
import { ChunkWriter, writeParseJson } from './parse-json.js';
import { buildWorldDatabase, itemRow, uidKey } from '../store/world.js';
import { itemsInWorker } from './items-thread.js';
import { writeKeptItems } from './kept-items.js';
import { readSaveFolder, type FileStamp, type SaveFolderBytes } from './save-files.js';

export const NAMES_FILE = 'names.json';

export interface ParseJob {
  target: string;
  /** Which run this is (set by run*ParseJob): the store's keeps the items' bytes as they are. */
  mode?: 'rows' | 'store' | 'json';
  /** Data dir holding an optional names.json of the user's own display names. */
  dataDir?: string;
  now?: number;
  /** Store mode: the world database file; the worker writes the new one beside it (fsynced), so
   * that the main thread only renames it into place. */
  worldFile?: string;
  /** 'lazy' (serve's default): keep only the item parts' bytes, read on their first request
   * (save/lazy-items.ts, kept-items.ts); the world database is then built without items. true
   * (the command's default): read them in the walk; false: leave them unread (bench/parse
   * compares all three). */
  items?: boolean | 'lazy';
  /** The bundled items' worker (items-worker.ts): when given, the items are read in that second
   * thread beside the main walk (items-thread.ts). */
  itemsWorkerCode?: string;
}

export interface ParseJobResult {
  result: ParseResult;
  stamp: FileStamp;
  readMs: number;
}

/** What serve needs from a parse: the built world database and a summary, not the rows. */
export interface StoreParseResult {
  world: Uint8Array;
  /** With `items: 'lazy'`: the kept item bytes and what mapping them needs, as plain data the
   * worker can post (save `lazyItems` reads them); the world served reads them on first use. */
  keptItems?: KeptWorldItems;
  /** The temp file the kept items were written to, beside the job's `worldFile` (kept-items.ts). */
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
async function parseStreamed(job: ParseJob): Promise<{ result: StreamedParseResult; stamp: FileStamp; readMs: number }> {
  const out = await parseKept(job);
  if (job.mode !== 'store') readKept(out.result);
  return out;
}

/** The kept items read now, as the eager parse has them: their warnings and drift joined to the
 * parse's (the `parse` command and `parse --json` print every item). */
function readKept(result: StreamedParseResult): void {
  if (!result.lazyItems) return;
  const t0 = performance.now();
  const read = result.lazyItems.read();
  result.lazyItems = undefined;
  result.items = read.items;
  result.warnings = [...result.warnings, ...read.warnings];
  result.formatDrift = result.formatDrift || read.formatDrift;
  result.timings.mapMs += performance.now() - t0;
}

async function parseKept(job: ParseJob): Promise<{ result: StreamedParseResult; stamp: FileStamp; readMs: number }> {
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
    // Serve keeps the items' bytes for their first request; the command reads them in the walk,
    // as it prints them at once (kept and read after the walk, its peak was 30 MB higher:
    // docs/benchmarks.md).
    items: job.items ?? (job.mode === 'store' ? 'lazy' : true),
    ...(job.itemsWorkerCode !== undefined ? { decodeItemsApart: itemsInWorker(job.itemsWorkerCode) } : {}),
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
  const { result, stamp, readMs } = await parseStreamed({ ...job, mode: 'store' });
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
  const kept = result.lazyItems?.kept;
  const itemsTemp = job.worldFile && kept ? writeKeptItems(job.worldFile, parsedAt, kept) : undefined;
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
    ...(kept ? { keptItems: kept } : {}),
    ...(itemsTemp ? { itemsTemp } : {}),
  };
}
