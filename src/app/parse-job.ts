// One parse of a save folder: read the files, parse them, return the snapshot. Runs inside the
// parse worker (serve) or on the main thread (the `parse` command).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWorld, createNameTable, defaultNameTable, type ParseResult } from '../save/index.js';
import builtinPals from '../../assets/names/pals.json' with { type: 'json' };
import { readSaveFolder, type FileStamp } from './save-files.js';

export const NAMES_FILE = 'names.json';

export interface ParseJob {
  target: string;
  /** Data dir holding an optional names.json of the user's own display names. */
  dataDir?: string;
  now?: number;
}

export interface ParseJobResult {
  result: ParseResult;
  stamp: FileStamp;
  readMs: number;
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

export async function runParseJob(job: ParseJob): Promise<ParseJobResult> {
  const t0 = performance.now();
  const files = readSaveFolder(job.target);
  const readMs = performance.now() - t0;
  const overrides = loadNameOverrides(job.dataDir);
  const names = overrides ? createNameTable(builtinPals as Record<string, string>, overrides) : defaultNameTable();
  const result = await parseWorld(
    { level: files.level, levelMeta: files.levelMeta, players: files.players },
    { names, now: job.now !== undefined ? new Date(job.now) : new Date() },
  );
  return { result, stamp: files.stamp, readMs };
}
