// One writer per data dir. The lock is a Linux abstract-namespace Unix socket named after the
// data dir's real path: binding it is exclusive, and the kernel releases it when its process
// ends in any way (kill -9, power cut), so there is never a stale lock to take over. (A pid file
// taken over by unlink-and-recreate let two processes that both saw a dead owner each believe
// they held the lock; the crash test caught it.) The pid file beside it only names the owner
// in the message of a refused second opener. Processes in different network namespaces do not
// see each other's abstract sockets: run one palpanel per data dir per host.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { DataDirLockedError } from '../lib/errors.js';

export const LOCK_FILE = 'palpanel.lock';

export interface DataDirLock {
  release(): void;
}

function lockName(dataDir: string): string {
  const id = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 40);
  return `\0palpanel-${id}`;
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
