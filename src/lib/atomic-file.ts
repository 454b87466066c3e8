// Crash-safe file replacement: write a temp file, fsync it, rename it over the target, fsync the
// folder. After a power cut the target is either the old complete file or the new one.
import { closeSync, fchmodSync, fsyncSync, openSync, readdirSync, renameSync, writeSync, unlinkSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The temp name of `writeFileAtomic`: `.<name>.<pid>.tmp` beside the target. */
const TEMP_NAME = /^\..+\.\d+\.tmp$/;

/** The temp file beside `path` a writer of it uses (`.<name>[.<tag>].<pid>.tmp`: what
 * `removeStaleTemps` removes). `tag` keeps the temp names of writers in different threads of one
 * process apart. */
export const tempFileName = (path: string, tag = ''): string =>
  join(dirname(path), `.${basename(path)}${tag ? `.${tag}` : ''}.${process.pid}.tmp`);

/** Writes all of `data` at the file's position (writeSync may write less than asked). */
export function writeAll(fd: number, data: Uint8Array): void {
  let off = 0;
  while (off < data.length) off += writeSync(fd, data, off, data.length - off);
}

/**
 * Removes the temp files `writeFileAtomic` left in `dir` when a process was killed between
 * writing one and renaming it. Only for a caller that owns `dir` (it holds its lock), so no
 * other process is writing one now. Best effort: a folder that cannot be changed keeps them,
 * and they do no harm.
 */
export function removeStaleTemps(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!TEMP_NAME.test(name)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      /* read-only folder: see above */
    }
  }
}

export function writeFileAtomic(path: string, data: Uint8Array, mode = 0o600): void {
  renameDurably(writeTempFile(path, data, mode), path);
}

/**
 * The first half of `writeFileAtomic`: writes `data` beside `path` under a temp name, fsynced,
 * and returns that name. A parse worker writes the world database this way, so that the main
 * thread only renames it into place (`renameDurably`). `tag` keeps the temp names of writers in
 * different threads of one process apart.
 */
export function writeTempFile(path: string, data: Uint8Array, mode = 0o600, tag = ''): string {
  const tmp = tempFileName(path, tag);
  const fd = openSync(tmp, 'w', mode);
  try {
    // The mode asked for, whatever the process umask (systemd's UMask=0077 would otherwise turn
    // a game file the editor or a restore rewrites with 0644 into 0600).
    fchmodSync(fd, mode);
    writeAll(fd, data);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* the temp file is harmless; the next write replaces it */
    }
    throw err;
  }
  closeSync(fd);
  return tmp;
}

/** The second half of `writeFileAtomic`: renames a written temp file over `path`, then fsyncs
 * the folder. */
export function renameDurably(tmp: string, path: string): void {
  renameSync(tmp, path);
  fsyncDir(dirname(path));
}
