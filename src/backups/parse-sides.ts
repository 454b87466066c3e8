// A side of a restore's comparison (the world in place, or a backup's), parsed from its files in
// a work folder of the backup folder: the parse reads folders, not bytes.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import type { WorldSnapshot } from '../lib/world.js';
import { parseInWorker } from '../ingest/parse-worker-host.js';
import type { SaveFile } from './archive.js';

const EMPTY_WORLD = { players: [], pals: [], guilds: [] };

/** Prefix of the folders parseFiles works in (in the backup folder, whose service removes any a
 * crash left). */
export const PARSE_WORK_PREFIX = '.parse-';

/** Parses files in a work folder under `workDir` (the parse reads folders); an unparsable side
 * counts as empty. */
export async function parseFiles(
  files: SaveFile[],
  log: Logger,
  workDir: string,
): Promise<Pick<WorldSnapshot, 'players' | 'pals' | 'guilds'> & Partial<Pick<WorldSnapshot, 'meta'>>> {
  if (!files.some((f) => f.path === 'Level.sav')) return EMPTY_WORLD;
  const dir = await mkdtemp(join(workDir, PARSE_WORK_PREFIX));
  try {
    for (const f of files) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      await writeFile(join(dir, f.path), f.data);
    }
    return (await parseInWorker({ target: dir })).result;
  } catch (err) {
    log('warn', 'restore: a side of the comparison could not be parsed', err);
    return EMPTY_WORLD;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
