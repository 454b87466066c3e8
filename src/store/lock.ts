// One writer per data dir. The lock is a Linux abstract-namespace Unix socket named after a
// random id kept inside the data dir (LOCK_ID_FILE, 0600): binding it is exclusive, and the kernel releases it when its process
// ends in any way (kill -9, power cut), so there is never a stale lock to take over. (A pid file
// taken over by unlink-and-recreate let two processes that both saw a dead owner each believe
// they held the lock; the crash test caught it.) The pid file beside it only names the owner
// in the message of a refused second opener. Processes in different network namespaces do not
// see each other's abstract sockets: run one palpanel per data dir per host. Abstract names are
// visible to every local user, so the name must not be computable from outside: named after the
// data dir's path, any user could bind it first and keep palpanel from starting. Only a data dir
// that cannot be written and has no id yet falls back to its path (nothing can start a writer
// there anyway).
import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DataDirLockedError } from '../lib/errors.js';

export const LOCK_FILE = 'palpanel.lock';
export const LOCK_ID_FILE = 'palpanel.lock-id';
const LOCK_ID = /^[0-9a-f]{64}$/;

export interface DataDirLock {
  release(): void;
}

function readLockId(path: string): string | null {
  try {
    const v = readFileSync(path, 'utf8').trim();
    return LOCK_ID.test(v) ? v : null;
  } catch {
    return null;
  }
}

/** The data dir's lock id, made on first use. Written whole under a temp name and linked into
 * place, so two first openers agree on one id (the second link fails and reads the first). */
function lockId(dataDir: string): string | null {
  const path = join(dataDir, LOCK_ID_FILE);
  const existing = readLockId(path);
  if (existing) return existing;
  const tmp = join(dataDir, `.${LOCK_ID_FILE}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      linkSync(tmp, path);
    } catch {
      /* another opener linked its id first, or a damaged file is there: read below */
    }
  } catch {
    return null; // a data dir that cannot be written
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      /* never made */
    }
  }
  return readLockId(path);
}

function lockName(dataDir: string): string {
  const id = lockId(dataDir) ?? realpathSync(dataDir);
  return `\0palpanel-${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}

function ownerPid(dataDir: string): string {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), 10);
    return Number.isInteger(pid) ? ` (pid ${pid})` : '';
  } catch {
    return '';
  }
}

export async function acquireLock(dataDir: string): Promise<DataDirLock> {
  const server: Server = createServer((sock) => sock.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new DataDirLockedError(`The data dir ${dataDir} is in use by another palpanel process${ownerPid(dataDir)}.`)
          : err,
      );
    });
    server.listen(lockName(dataDir), () => resolve());
  });
  // The lock must not keep a command's process alive.
  server.unref();
  const pidFile = join(dataDir, LOCK_FILE);
  try {
    writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  } catch {
    /* informational only */
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        unlinkSync(pidFile);
      } catch {
        /* already gone */
      }
      server.close();
    },
  };
}
