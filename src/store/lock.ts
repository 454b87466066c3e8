// One writer per data dir: an exclusive lock file holding the owner's pid. A lock left by a
// process that died (kill -9, power cut) is taken over, since its pid no longer runs.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirLockedError } from '../lib/errors.js';

export const LOCK_FILE = 'palpanel.lock';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function acquireLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      fsyncSync(fd);
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (Number.isInteger(owner) && owner !== process.pid && pidAlive(owner)) {
      throw new DataDirLockedError(`The data dir is in use by another palpanel process (pid ${owner}).`);
    }
    if (owner === process.pid) throw new DataDirLockedError('The data dir is already open in this process.');
    // Stale (its owner died) or unreadable: remove it and retry.
    try {
      unlinkSync(path);
    } catch {
      /* another process took it over first; the retry sorts it out */
    }
  }
  throw new DataDirLockedError('The data dir lock could not be taken.');
}
