// A side of a restore's comparison (the world in place, or a backup's), parsed from its files in
// a work folder of the backup folder: the parse reads folders, not bytes. A backup's files are
// inflated straight into the folder (never held: issue 28).
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import type { WorldSnapshot } from '../domain/world.js';
import { parseInWorker } from '../ingest/parse-worker-host.js';
import { extractArchive, type BackupManifest, type SaveFile } from './archive.js';

/** A parsed side: its players, pals and guilds, and its game version when it was read. */
export type WorldSide = Pick<WorldSnapshot, 'players' | 'pals' | 'guilds'> & Partial<Pick<WorldSnapshot, 'meta'>>;

export const EMPTY_WORLD: WorldSide = { players: [], pals: [], guilds: [] };

/** Prefix of the work folders (in the backup folder, whose service removes any a crash left). */
export const PARSE_WORK_PREFIX = '.parse-';

/** A new work folder under `workDir`, given to `use`, removed after whatever happens. */
export async function inWorkFolder<T>(workDir: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(workDir, PARSE_WORK_PREFIX));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parses the save folder `dir`; one without a Level.sav, or unparsable, counts as empty. */
export async function parseFolder(dir: string, log: Logger): Promise<WorldSide> {
  return (await tryParseFolder(dir, log)) ?? EMPTY_WORLD;
}

/** Parses the save folder `dir`: one without a Level.sav is empty; null when it does not parse
 * (a dry-run then says so rather than show a diff it did not read: issue 37). */
export async function tryParseFolder(dir: string, log: Logger): Promise<WorldSide | null> {
  if (!existsSync(join(dir, 'Level.sav'))) return EMPTY_WORLD;
  try {
    return (await parseInWorker({ target: dir })).result;
  } catch (err) {
    log('warn', 'restore: a side of the comparison could not be parsed', err);
    return null;
  }
}

/** Parses files in a work folder under `workDir`; an unparsable side counts as empty. */
export async function parseFiles(files: SaveFile[], log: Logger, workDir: string): Promise<WorldSide> {
  return (await tryParseFiles(files, log, workDir)) ?? EMPTY_WORLD;
}

/** Parses files in a work folder under `workDir`: no Level.sav is empty; null when they do not
 * parse (or cannot be put in the work folder). */
export async function tryParseFiles(files: SaveFile[], log: Logger, workDir: string): Promise<WorldSide | null> {
  if (!files.some((f) => f.path === 'Level.sav')) return EMPTY_WORLD;
  try {
    return await inWorkFolder(workDir, async (dir) => {
      for (const f of files) {
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        await writeFile(join(dir, f.path), f.data);
      }
      return tryParseFolder(dir, log);
    });
  } catch (err) {
    log('warn', 'restore: a side of the comparison could not be parsed', err);
    return null;
  }
}

/** Checks the archive at `path` while inflating it into a work folder under `workDir`, then
 * parses it there (throws TarError when it fails its checks); `world` is null when its Level.sav
 * does not parse. */
export async function parseArchive(
  path: string,
  log: Logger,
  workDir: string,
): Promise<{ manifest: BackupManifest; world: WorldSide | null }> {
  return inWorkFolder(workDir, async (dir) => {
    const manifest = await extractArchive(path, dir);
    return { manifest, world: await tryParseFolder(dir, log) };
  });
}
