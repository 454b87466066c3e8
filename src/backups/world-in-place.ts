// The world in place as a restore's dry-run reads it (issue 37, finding 12): only once its save is
// quiet, as the save watcher reads it (a file whose size and mtime have not changed for the
// settle time is complete), and read again while the game is writing it. A side that cannot be
// read is never shown as a diff: a save that stays busy past the wait, or a quiet Level.sav that
// does not parse, is answered in words (HTTP 503 `unavailable` with Retry-After), no diff.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import type { SaveFile } from './archive.js';
import { EMPTY_WORLD, tryParseFiles, type WorldSide } from './parse-sides.js';
import { present, readStableSave, saveStamps } from './source.js';

export const WORLD_BEING_SAVED = 'The world is being saved; try again in a few seconds.';
export const WORLD_UNREADABLE =
  'The world in place could not be read (its Level.sav does not parse), so what the restore would change cannot be shown. Try again in a few seconds; if this goes on, the save in place may be damaged.';
/** What a client is told to wait before asking again (seconds). */
export const RETRY_AFTER_S = 5;

/** A side of a dry-run that could not be read: the answer is these words, never a diff. */
export class SideUnreadableError extends DomainError {
  constructor(message: string) {
    super('unavailable', message);
  }
}

export interface WorldReadOptions {
  /** How long the save files must have stood unchanged to count as complete. */
  quietMs: number;
  /** How long to wait for that before answering in words. */
  waitMs: number;
  log: Logger;
  /** Where the parse's work folders go (the backup folder). */
  workDir: string;
}

/** How long ago the newest save file changed (ms; negative for an mtime ahead of our clock). */
async function quietFor(world: string): Promise<number> {
  let newest = -Infinity;
  for (const p of await present(world)) {
    const s = await stat(join(world, p)).catch(() => null);
    if (s) newest = Math.max(newest, s.mtimeMs);
  }
  return newest === -Infinity ? Infinity : Date.now() - newest;
}

/** The world's save files and its parsed side, read once quiet. A world with no Level.sav (none
 * made yet) is empty. Throws SideUnreadableError in words when it cannot be read. */
export async function readWorldInPlace(world: string, o: WorldReadOptions): Promise<{ files: SaveFile[]; side: WorldSide }> {
  if (!existsSync(world)) return { files: [], side: EMPTY_WORLD };
  const deadline = Date.now() + o.waitMs;
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  for (;;) {
    let waited = false;
    const age = await quietFor(world);
    // The settle still owed: none once the newest file is `quietMs` old; a whole one for an
    // mtime ahead of our clock.
    const settleMs = Math.round(Math.min(o.quietMs, Math.max(0, o.quietMs - (age < 0 ? 0 : age))));
    const before = await saveStamps(world);
    if (!before.includes('Level.sav:')) {
      // A Level.sav gone while the game swaps in a new one is not an empty world.
      if (age >= o.quietMs) return { files: [], side: EMPTY_WORLD };
    } else {
      let files: SaveFile[] | null = null;
      waited = settleMs > 0;
      try {
        files = await readStableSave(world, { settleMs, maxWaitMs: 0, sleep });
      } catch (err) {
        // Still being written is looked at again; a quiet save that cannot be read is said.
        if ((await saveStamps(world)) === before) {
          o.log('warn', 'restore: the world in place could not be read', err);
          throw new SideUnreadableError(WORLD_UNREADABLE);
        }
      }
      if (files) {
        const stamps = await saveStamps(world);
        const side = await tryParseFiles(files, o.log, o.workDir);
        if (side) return { files, side };
        // Bytes that were quiet, unchanged since, and still do not parse will not parse later.
        if ((await saveStamps(world)) === stamps && (await quietFor(world)) >= o.quietMs) throw new SideUnreadableError(WORLD_UNREADABLE);
      }
    }
    if (Date.now() >= deadline) throw new SideUnreadableError(WORLD_BEING_SAVED);
    // A look that waited out a settle time looks again at once (the next settle paces it).
    await sleep(waited ? 0 : Math.max(50, Math.min(o.quietMs, deadline - Date.now())));
  }
}
