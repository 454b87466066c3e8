// Reads a world save folder (or a single Level.sav) into the byte buffers the pure parser takes.
// It refuses a torn read: when Level.sav changed while it was read (the game rewrites saves in
// place), the bytes are a mix of two saves and are never parsed.
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DomainError, ValidationError } from '../lib/errors.js';

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
/** Refuse absurd files before reading them into memory. */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;

export function stampOf(path: string): FileStamp | null {
  try {
    const s = statSync(path);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

export const sameStamp = (a: FileStamp | null, b: FileStamp | null): boolean =>
  !!a && !!b && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** What a file that is not a regular file is, in words. */
function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a named pipe';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/**
 * Reads a regular file, by its size when opened. Opened non-blocking, so a named pipe (which
 * would block the open until a writer came) or a device (`/dev/zero` behind a symlink: endless)
 * is refused by what it is, at once, instead of hanging or growing the parse without end.
 */
function readBounded(path: string): Uint8Array {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const s = fstatSync(fd);
    if (!s.isFile()) throw new SaveFolderError(`${basename(path)} is ${kindOf(s)}, not a save file; only regular files are read.`);
    if (s.size > MAX_FILE_BYTES) throw new SaveFolderError(`${basename(path)} is larger than 1 GiB; it is not a world save.`);
    const buf = new Uint8Array(s.size);
    let got = 0;
    while (got < s.size) {
      const n = readSync(fd, buf, got, s.size - got, got);
      if (n === 0) break; // it shrank while read: the torn-read check sees the short length
      got += n;
    }
    return got === s.size ? buf : buf.subarray(0, got);
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
