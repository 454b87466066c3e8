// One writer per data dir. The lock is a Unix socket file inside the data dir (0700, the socket
// 0600), so only the data dir's owner can hold it or even test it: a Linux abstract socket, the
// lock before, is listed in /proc/net/unix for every local user to see and bind first, which kept
// palpanel from starting (issue 28, finding 3).
//
// A socket file outlives a process killed with SIGKILL, but a dead one refuses connections: a
// file that accepts is a live holder, one that refuses is debris. Taking a dead holder's place
// by unlink-and-rebind at one fixed path would let two openers that both saw it dead each
// believe they hold the lock, so every opener binds a socket of its own name instead:
//   1. look at every holder socket: one that accepts says whether its process holds the lock
//      (`H`) or is still deciding (`C`); one that refuses is dead and is removed;
//   2. a holder: the data dir is in use. Someone deciding: wait a moment and look again;
//   3. bind and listen under a temporary name, then rename the socket into view, so a socket
//      in view always accepts while its process lives;
//   4. look again at every other socket: if any accepts, step back (remove ours, then answer
//      "in use" for a holder, or try again after a random pause for someone deciding);
//      otherwise the lock is ours.
// Two openers cannot both win: whichever shows its socket first is seen by the other's second
// look, which then steps back. The kernel closes the socket when its process ends in any way.
// The pid file beside it only names the holder in the message of a refused opener.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { DataDirLockedError } from '../domain/errors.js';

export const LOCK_FILE = 'palpanel.lock';
/** The abstract socket's id of an older palpanel: removed once the new lock is held. */
const OLD_LOCK_ID_FILE = 'palpanel.lock-id';
const SOCKET = /^palpanel\.lock\.[0-9a-f]{16}\.sock$/;
const BINDING = /^palpanel\.lock\.[0-9a-f]{16}\.new$/;
/** A Unix socket's path holds at most 107 bytes (sun_path); the kernel would cut a longer one. */
const MAX_SOCKET_PATH = 107;
/** A socket bound but not yet renamed into view for this long belongs to a dead process. */
const BINDING_STALE_MS = 60_000;
/** How long an opener keeps trying while others are deciding. */
const CONTEND_MS = 10_000;
/** Time a live holder has to say what it is once connected. */
const ANSWER_MS = 2_000;

export interface DataDirLock {
  release(): void;
}

type Seen = 'held' | 'deciding' | 'gone';

/** What the holder socket at `path` says: it accepts and answers (held or deciding), or it is
 * gone (no file, or a dead socket, which is removed). A socket that accepts but does not answer
 * in time, or that this user may not connect to, counts as held. */
function look(dataDir: string, name: string): Promise<Seen> {
  const path = join(dataDir, name);
  return viaShortPath(
    dataDir,
    name,
    (reachable) =>
      new Promise((resolve) => {
        let said = '';
        let accepted = false;
        const sock: Socket = createConnection(reachable);
        const done = (seen: Seen) => {
          sock.destroy();
          resolve(seen);
        };
        sock.setTimeout(ANSWER_MS, () => done('held'));
        sock.on('connect', () => (accepted = true));
        sock.on('data', (c: Buffer) => (said += c.toString('latin1')));
        sock.on('end', () => done(said.startsWith('C') ? 'deciding' : 'held'));
        sock.on('error', (err: NodeJS.ErrnoException) => {
          if (accepted) return done('held');
          if (err.code === 'ENOENT') return done('gone');
          if (err.code === 'ECONNREFUSED') {
            // Nobody listens: its process ended. Every socket in view was listening before it
            // appeared, so this one cannot be one that is still starting.
            try {
              unlinkSync(path);
            } catch {
              /* removed by another opener */
            }
            return done('gone');
          }
          done('held');
        });
      }),
  );
}

/** Runs `fn` with a path to `name` in `dataDir` short enough for a socket: the path itself, or
 * for a deep data dir the same folder through an open descriptor of it (/proc/self/fd/N). */
async function viaShortPath<T>(dataDir: string, name: string, fn: (path: string) => Promise<T>): Promise<T> {
  const full = join(dataDir, name);
  if (Buffer.byteLength(full) <= MAX_SOCKET_PATH) return fn(full);
  const fd = openSync(dataDir, 'r');
  try {
    return await fn(`/proc/self/fd/${fd}/${name}`);
  } finally {
    closeSync(fd);
  }
}

/** Every other holder socket in the data dir, looked at together. */
async function lookAround(dataDir: string, own: string | null): Promise<Seen[]> {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const now = Date.now();
  for (const n of names) {
    if (!BINDING.test(n)) continue;
    try {
      if (now - lstatSync(join(dataDir, n)).mtimeMs > BINDING_STALE_MS) unlinkSync(join(dataDir, n));
    } catch {
      /* gone already */
    }
  }
  return Promise.all(names.filter((n) => SOCKET.test(n) && n !== own).map((n) => look(dataDir, n)));
}

function ownerPid(dataDir: string): string {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), 10);
    return Number.isInteger(pid) ? ` (pid ${pid})` : '';
  } catch {
    return '';
  }
}

const inUse = (dataDir: string) =>
  new DataDirLockedError(`The data dir ${dataDir} is in use by another palpanel process${ownerPid(dataDir)}.`);

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Candidate {
  server: Server;
  name: string;
  path: string;
  state: { held: boolean };
}

/** Binds this process's socket under a temporary name and renames it into view. Null when the
 * data dir cannot be written (then nothing can write the store either). */
async function bindOwn(dataDir: string): Promise<Candidate | null> {
  const id = randomBytes(8).toString('hex');
  const name = `palpanel.lock.${id}.sock`;
  const bindingName = `palpanel.lock.${id}.new`;
  const binding = join(dataDir, bindingName);
  const state = { held: false };
  const server = createServer((sock) => {
    sock.on('error', () => sock.destroy());
    sock.end(state.held ? 'H' : 'C');
  });
  try {
    await viaShortPath(
      dataDir,
      bindingName,
      (reachable) =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(reachable, () => {
            server.off('error', reject);
            resolve();
          });
        }),
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') return null;
    throw err;
  }
  server.on('error', () => undefined);
  // The lock must not keep a command's process alive.
  server.unref();
  const path = join(dataDir, name);
  try {
    chmodSync(binding, 0o600);
    renameSync(binding, path);
  } catch (err) {
    server.close();
    throw err;
  }
  return { server, name, path, state };
}

/** Steps 1 to 4 above, until this process holds the lock (its socket), or null when the data
 * dir cannot be written. */
async function contend(dataDir: string): Promise<Candidate | null> {
  const deadline = Date.now() + CONTEND_MS;
  for (;;) {
    const before = await lookAround(dataDir, null);
    if (before.includes('held')) throw inUse(dataDir);
    if (!before.includes('deciding')) {
      const own = await bindOwn(dataDir);
      if (!own) return null;
      const after = await lookAround(dataDir, own.name);
      if (!after.includes('held') && !after.includes('deciding')) return own;
      drop(own);
      if (after.includes('held')) throw inUse(dataDir);
    }
    if (Date.now() > deadline) throw inUse(dataDir);
    await pause(10 + Math.floor(Math.random() * 40));
  }
}

function drop(c: Candidate): void {
  try {
    unlinkSync(c.path);
  } catch {
    /* gone already */
  }
  c.server.close();
}

export async function acquireLock(dataDir: string): Promise<DataDirLock> {
  const held = await contend(dataDir);
  if (!held) return readOnly();
  held.state.held = true;
  const pidFile = join(dataDir, LOCK_FILE);
  try {
    writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  } catch {
    /* informational only */
  }
  try {
    unlinkSync(join(dataDir, OLD_LOCK_ID_FILE));
  } catch {
    /* none */
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
      drop(held);
    },
  };
}

/** A data dir this user cannot write: nobody can start a writer there, so readers (`keys
 * list`) need no lock. */
function readOnly(): DataDirLock {
  return { release() {} };
}
