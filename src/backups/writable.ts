// Whether a restore can write the world folder at all, asked before anything is touched: a save
// folder mounted read-only (compose `:ro`, systemd ReadOnlyPaths=) or owned by another user than
// palpanel's is said in words, with what to change, instead of failing halfway through.
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConflictError } from '../domain/errors.js';

/** The folders a restore writes in: the world folder (or, before it exists, the nearest folder
 * above it) and its Players/ folder. */
function foldersOf(world: string): string[] {
  let dir = world;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const players = join(world, 'Players');
  return dir === world && existsSync(players) ? [world, players] : [dir];
}

/** Why a restore could not write `world`, in words without its path; null when it can. */
export function unwritableReason(world: string): string | null {
  for (const dir of foldersOf(world)) {
    try {
      accessSync(dir, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EROFS')
        return "The save folder is mounted read-only, so palpanel cannot restore into it. Mount it writable (compose: no `:ro` on the game volume; systemd: ReadWritePaths= on the game's Saved folder, no ReadOnlyPaths=). Nothing was changed.";
      if (code === 'EACCES' || code === 'EPERM')
        return "palpanel's user may not write in the save folder, so palpanel cannot restore into it. Run palpanel as the game's user (compose: PUID/PGID as the game's; systemd: User= and Group= the game's). Nothing was changed.";
    }
  }
  return null;
}

/** Throws 409 `conflict` with the reason when a restore could not write `world`. */
export function assertWorldWritable(world: string): void {
  const why = unwritableReason(world);
  if (why) throw new ConflictError('conflict', why);
}
