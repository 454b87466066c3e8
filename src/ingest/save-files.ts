// Reads a world save folder (or a single Level.sav) into the byte buffers the pure parser takes.
// It refuses a torn read: when Level.sav changed while it was read (the game rewrites saves in
// place), the bytes are a mix of two saves and are never parsed.
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DomainError, fsErrorReason, ValidationError } from '../domain/errors.js';

export interface SaveFolderBytes {
  level: Uint8Array;
  levelMeta?: Uint8Array;
  players: Map<string, Uint8Array>;
  /** Size and mtime of Level.sav as read. */
  stamp: FileStamp;
}

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export class SaveFolderError extends DomainError {
  constructor(message: string) {
    super('save_unreadable', message);
  }
}

export class TornReadError extends SaveFolderError {
  constructor() {
    super('Level.sav changed while it was read; it will be read again once it is stable.');
  }
}

/** A player save is `<32 hex>.sav`; `_dps` and other files are skipped. */
const PLAYER_FILE = /^([0-9A-Fa-f]{32})\.sav$/;
/** Refuse absurd files before reading them into memory (a backup's Level.sav has the same bound). */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;

export function stampOf(path: string): FileStamp | null {
  try {
    const s = statSync(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

export const sameStamp = (a: FileStamp | null, b: FileStamp | null): boolean => !!a && !!b && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** What a file that is not a regular file is, in words. */
function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a named pipe';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a folder';
  return 'not a regular file';
}

const notAFile = (path: string, s: Stats) => `${basename(path)} is ${kindOf(s)}, not a save file; only regular files are read.`;

/** Opens a regular file of at most 1 GiB, non-blocking (see readBounded); anything else is a
 * SaveFolderError in words. The caller closes `fd`. */
function openRegular(path: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    const reason = fsErrorReason(err);
    if (reason) throw new SaveFolderError(`${basename(path)} cannot be read: ${reason}.`);
    // A socket cannot be opened at all (ENXIO, no plain words): said by what it is, as below.
    const s = statSync(path, { throwIfNoEntry: false });
    if (s && !s.isFile()) throw new SaveFolderError(notAFile(path, s));
    throw err;
  }
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new SaveFolderError(notAFile(path, s));
    if (s.size > MAX_FILE_BYTES) throw new SaveFolderError(`${basename(path)} is larger than 1 GiB; it is not a world save.`);
    return { fd, size: s.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * Reads a regular file, by its size when opened. Opened non-blocking, so a named pipe (which
 * would block the open until a writer came) or a device (`/dev/zero` behind a symlink: endless)
 * is refused by what it is, at once, instead of hanging or growing the parse without end.
 */
function readBounded(path: string): Uint8Array {
  const { fd, size } = openRegular(path);
  try {
    const buf = new Uint8Array(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n === 0) break; // it shrank while read: the torn-read check sees the short length
      got += n;
    }
    return got === size ? buf : buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** `target` is a save folder or a path to its Level.sav (or another single .sav file). */
export function readSaveFolder(target: string): SaveFolderBytes {
  let dir = target;
  let levelPath = join(target, 'Level.sav');
  const t = stampOf(target);
  if (t) {
    dir = dirname(target);
    levelPath = target;
  } else if (!existsSync(target)) {
    throw new ValidationError('The save path does not exist.');
  } else if (!statSync(target).isDirectory()) {
    readBounded(target); // neither a folder nor a regular file: it says what it is
  }
  const before = stampOf(levelPath);
  if (!before) {
    // There, but no regular file (a pipe, a device): say what it is.
    if (existsSync(levelPath)) readBounded(levelPath);
    throw new ValidationError('No Level.sav in the save folder.');
  }
  const level = readBounded(levelPath);
  const metaPath = join(dir, 'LevelMeta.sav');
  const levelMeta = levelPath.endsWith('Level.sav') && existsSync(metaPath) ? readBounded(metaPath) : undefined;
  const players = new Map<string, Uint8Array>();
  const playersDir = join(dir, 'Players');
  if (levelPath.endsWith('Level.sav') && existsSync(playersDir)) {
    for (const name of readdirSync(playersDir)) {
      const m = PLAYER_FILE.exec(name);
      if (!m) continue;
      try {
        players.set(m[1].toUpperCase(), readBounded(join(playersDir, name)));
      } catch {
        // An unreadable player file only loses that player's progression fields.
      }
    }
  }
  const after = stampOf(levelPath);
  if (!sameStamp(before, after) || level.length !== before.size) throw new TornReadError();
  return { level, levelMeta, players, stamp: before };
}

/** What is wrong with a save folder that has no readable Level.sav: `words` for the panel (no
 * paths: viewers read them too), `log` for the operator's log (with the path and any world found
 * below it). */
export interface SaveDirProblem {
  words: string;
  log: string;
}

/** The reason of a file-system error that has no plain words of its own (fsErrorReason). */
const UNSAID = 'the file system refused it';

/** What keeps `dir` from being read as a save folder (missing, not a folder, unreadable, a
 * Level.sav that is no regular file), or null: a readable folder, with or without Level.sav. */
export function folderProblem(dir: string): SaveDirProblem | null {
  const setting = 'the save folder (SERVICE_SAVE_DIR)';
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (err) {
    const reason = fsErrorReason(err) ?? UNSAID;
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      words: missing ? `${setting} does not exist.` : `${setting} cannot be read: ${reason}.`,
      log: missing ? `save folder ${dir} does not exist` : `save folder ${dir} cannot be read: ${reason}`,
    };
  }
  if (!isDir) return { words: `${setting} is not a folder.`, log: `save folder ${dir} is not a folder` };
  try {
    readdirSync(dir);
  } catch (err) {
    const reason = fsErrorReason(err) ?? UNSAID;
    return { words: `${setting} cannot be read by palpanel: ${reason}.`, log: `save folder ${dir} cannot be read by this user: ${reason}` };
  }
  const level = join(dir, 'Level.sav');
  if (!existsSync(level)) return null;
  try {
    closeSync(openRegular(level).fd);
    return null;
  } catch (err) {
    if (!(err instanceof SaveFolderError)) throw err;
    return { words: err.message, log: `save folder ${dir}: ${err.message}` };
  }
}
