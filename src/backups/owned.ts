// The files of a world folder that palpanel's backups hold, and so the only ones a restore may
// replace or remove (interface.md, "Beside a real server"): Level.sav, LevelMeta.sav,
// WorldOption.sav, and the player saves the game writes in Players/ (`<32 hex>.sav`, and since
// 1.0 `<32 hex>_dps.sav`, the player's dimensional pal storage, which belongs with the player's
// save: restoring one without the other would mix two worlds). Anything else in the folder (the
// game's own `backup/` folder, a host's notes, a settings file) is the host's.

/** The top-level files, in the order a restore puts them in place. */
export const TOP_FILES = ['Level.sav', 'LevelMeta.sav', 'WorldOption.sav'] as const;
export const PLAYERS = 'Players';
/** Kept when the backup lacks it (a world from before the game wrote it). */
export const WORLD_OPTION = 'WorldOption.sav';

const PLAYER_FILE = /^[0-9A-Fa-f]{32}(?:_dps)?\.sav$/;

/** A file name in Players/ that is one of the game's player saves. */
export const isPlayerFileName = (name: string): boolean => PLAYER_FILE.test(name);

/** A path (relative to the world folder, `/`-separated) a backup may hold. */
export function isOwnedSavePath(path: string): boolean {
  if ((TOP_FILES as readonly string[]).includes(path)) return true;
  const slash = path.indexOf('/');
  return slash > 0 && path.slice(0, slash) === PLAYERS && isPlayerFileName(path.slice(slash + 1));
}

/** Whether a restore of a backup holding `backupPaths` replaces or removes `path` of the world
 * in place: every owned file, but WorldOption.sav only when the backup has one. */
export const restoreReplaces = (backupPaths: ReadonlySet<string>, path: string): boolean =>
  isOwnedSavePath(path) && (path !== WORLD_OPTION || backupPaths.has(path));
