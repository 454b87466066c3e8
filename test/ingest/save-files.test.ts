// Reading a world save folder (src/ingest/save-files.ts), rule by rule, in the test process
// (issue 26): the hostile-folder tests read in a child process, where a mutant never reaches.
// What each rule should do comes from the module's doc comments and docs/cli.md ("The parser reads
// only regular files, by their size when opened ... a named pipe or a device in a save folder is
// refused by what it is"): regular files only, 1 GiB at most each, Level.sav never read torn,
// a player file that cannot be read costs only that player, and words without paths.
//
// Some rules cannot be reached with files on a disk as root (the tests run as root): a file that
// cannot be opened, a file shorter than its size, a file read in pieces, a folder that cannot be
// listed. For those the tests use kernel files (sysfs) and a dead process's /proc folder, which
// behave that way for root too; where one is missing on a machine, its test says so and is skipped.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  folderProblem,
  MAX_FILE_BYTES,
  readSaveFolder,
  sameStamp,
  SaveFolderError,
  stampOf,
  TornReadError,
  type SaveDirProblem,
} from '../../src/ingest/save-files.js';
import { DomainError, ValidationError } from '../../src/domain/errors.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';

const ONLY_REGULAR = 'not a save file; only regular files are read.';
const SETTING = 'the save folder (SERVICE_SAVE_DIR)';
/** A player file's name the game writes (`<32 hex>.sav`), in lower case. */
const LOWER_UID = '0123456789abcdef0123456789abcdef';

/** A copy of a fixture world, to change. */
function world(fixture = 'v0.6-world1'): string {
  const dir = join(tempDir(), 'world');
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

function mkfifo(path: string): void {
  rmSync(path, { force: true, recursive: true });
  const r = spawnSync('mkfifo', [path]);
  expect(r.status).toBe(0);
}

/** `path` made a sparse file of `bytes` (no disk cost). */
function sparse(path: string, bytes: number): void {
  rmSync(path, { force: true, recursive: true });
  writeFileSync(path, '');
  truncateSync(path, bytes);
}

function replaceWithLink(path: string, target: string): void {
  rmSync(path, { force: true, recursive: true });
  symlinkSync(target, path);
}

/** What `fn` throws (the test fails when it throws nothing). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw, got none');
}

function expectSaveFolderError(fn: () => unknown, message: string): void {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(SaveFolderError);
  expect(err).not.toBeInstanceOf(TornReadError);
  expect((err as SaveFolderError).code).toBe('save_unreadable');
  expect(err.message).toBe(message);
}

function expectValidationError(fn: () => unknown, message: string): void {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(ValidationError);
  expect((err as ValidationError).code).toBe('invalid_request');
  expect(err.message).toBe(message);
}

/** Player files of a folder by the game's rule (`<32 hex>.sav`), keyed by upper-case uid. */
function playersOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(join(dir, 'Players'))) {
    const m = /^([0-9A-Fa-f]{32})\.sav$/.exec(name);
    if (m) out.set(m[1].toUpperCase(), readFileSync(join(dir, 'Players', name)));
  }
  return out;
}

const openFds = () => readdirSync('/proc/self/fd').length;

function listen(path: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(path, () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// ---- Kernel files for the rules a disk file cannot reach as root --------------------------------

function kernelFile(candidates: string[], fits: (path: string) => boolean): string | null {
  for (const path of candidates) {
    try {
      if (statSync(path).isFile() && fits(path)) return path;
    } catch {
      // not on this machine
    }
  }
  return null;
}

const buses = (() => {
  try {
    return readdirSync('/sys/bus');
  } catch {
    return [];
  }
})();

/** A regular file that cannot be opened for reading, by root too (a write-only sysfs file:
 * EACCES). */
const WRITE_ONLY = kernelFile(
  buses.flatMap((b) => [`/sys/bus/${b}/uevent`, `/sys/bus/${b}/drivers_probe`]),
  (p) => (statSync(p).mode & 0o444) === 0,
);
/** A regular file whose size says more than a read gives (a sysfs attribute: 4096 bytes said, a
 * few read), as a file that shrank while read. */
const SHORT = kernelFile(
  buses.map((b) => `/sys/bus/${b}/drivers_autoprobe`),
  (p) => (statSync(p).mode & 0o444) !== 0 && readFileSync(p).length < statSync(p).size,
);
/** A regular file a read gives one page of at a time (a sysfs binary attribute). */
const IN_PIECES = kernelFile(['/sys/kernel/btf/vmlinux'], (p) => {
  const size = statSync(p).size;
  return size > 64 * 1024 && size < 64 * 1024 * 1024 && readFileSync(p).length === size;
});

/** Root reads any folder: for "permission denied" the test takes another effective user (nobody)
 * for the call, which a worker thread cannot (process.seteuid is the whole process's). */
const CAN_BE_ANOTHER_USER = process.getuid?.() !== 0 || (isMainThread && typeof process.seteuid === 'function');

if (!CAN_BE_ANOTHER_USER)
  noteSkip(
    'save files: running as root in a worker thread, which cannot take another user; the "permission denied" folder test is skipped',
  );
if (!WRITE_ONLY) noteSkip('save files: no write-only sysfs file here (/sys/bus/*/uevent); the "cannot be opened" tests are skipped');
if (!SHORT) noteSkip('save files: no sysfs attribute here (/sys/bus/*/drivers_autoprobe); the short-read test is skipped');
if (!IN_PIECES) noteSkip('save files: no /sys/kernel/btf/vmlinux here; the read-in-pieces test is skipped');

/** A folder that exists (stat says a folder) but cannot be listed, by root too: the /proc folder
 * of a process that has exited, reached through a descriptor kept open on it (readdir: ESRCH, a
 * reason with no plain words). Also gives a path below it whose stat fails with ESRCH. */
async function deadProcessFolder(): Promise<{ dir: string; below: string; done: () => void }> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const fd = openSync(`/proc/${child.pid}`, 'r');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
  const dir = `/proc/self/fd/${fd}`;
  return { dir, below: join(dir, 'fd'), done: () => closeSync(fd) };
}

// ---- Stamps --------------------------------------------------------------------------------------

describe('stampOf and sameStamp', () => {
  it("a regular file's stamp is its size and mtime; anything else has none", () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    utimesSync(level, 1_700_000_000.5, 1_700_000_000.5);
    const s = statSync(level);
    expect(stampOf(level)).toEqual({ size: s.size, mtimeMs: s.mtimeMs });
    expect(stampOf(level)).toEqual({ size: 112879, mtimeMs: 1_700_000_000_500 });
    // Through a symlink: the file it names.
    symlinkSync(level, join(dir, 'link.sav'));
    expect(stampOf(join(dir, 'link.sav'))).toEqual(stampOf(level));
    expect(stampOf(dir)).toBeNull();
    expect(stampOf(join(dir, 'missing.sav'))).toBeNull();
    expect(stampOf(join(level, 'below'))).toBeNull();
    mkfifo(join(dir, 'pipe.sav'));
    expect(stampOf(join(dir, 'pipe.sav'))).toBeNull();
    expect(stampOf('/dev/null')).toBeNull();
  });

  it('two stamps are the same only when both are there with equal size and mtime', () => {
    const a = { size: 100, mtimeMs: 5000 };
    expect(sameStamp(a, { size: 100, mtimeMs: 5000 })).toBe(true);
    expect(sameStamp(a, { size: 101, mtimeMs: 5000 })).toBe(false);
    expect(sameStamp(a, { size: 99, mtimeMs: 5000 })).toBe(false);
    expect(sameStamp(a, { size: 100, mtimeMs: 5001 })).toBe(false);
    expect(sameStamp(a, { size: 101, mtimeMs: 5001 })).toBe(false);
    expect(sameStamp(a, null)).toBe(false);
    expect(sameStamp(null, a)).toBe(false);
    expect(sameStamp(null, null)).toBe(false);
  });
});

// ---- Errors --------------------------------------------------------------------------------------

describe('the errors', () => {
  it('a save folder error is a domain error coded save_unreadable, in the words given', () => {
    const err = new SaveFolderError('Level.sav is odd.');
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('save_unreadable');
    expect(err.name).toBe('SaveFolderError');
    expect(err.message).toBe('Level.sav is odd.');
  });

  it('a torn read is a save folder error that says it will be read again', () => {
    const err = new TornReadError();
    expect(err).toBeInstanceOf(SaveFolderError);
    expect(err.code).toBe('save_unreadable');
    expect(err.name).toBe('TornReadError');
    expect(err.message).toBe('Level.sav changed while it was read; it will be read again once it is stable.');
  });
});

// ---- Reading a folder ----------------------------------------------------------------------------

describe('readSaveFolder: what is read', () => {
  it('a world folder is read whole: Level.sav, LevelMeta.sav, and each player by upper-case uid', () => {
    const dir = join(FIXTURES, 'v1.0-relics');
    const r = readSaveFolder(dir);
    expect(Buffer.from(r.level).equals(readFileSync(join(dir, 'Level.sav')))).toBe(true);
    expect(r.level.length).toBe(statSync(join(dir, 'Level.sav')).size);
    expect(Buffer.from(r.levelMeta!).equals(readFileSync(join(dir, 'LevelMeta.sav')))).toBe(true);
    expect(r.stamp).toEqual(stampOf(join(dir, 'Level.sav')));
    const players = playersOf(dir);
    // Nine players; the _dps file beside them is no player.
    expect(players.size).toBe(9);
    expect([...r.players.keys()].sort()).toEqual([...players.keys()].sort());
    expect(r.players.has('B38A3AB1000000000000000000000000_DPS')).toBe(false);
    for (const [uid, bytes] of players) expect(Buffer.from(r.players.get(uid)!).equals(bytes)).toBe(true);
  });

  it('a player file named in lower case is keyed by its upper-case uid; other names in Players/ are not players', () => {
    const dir = world();
    const players = join(dir, 'Players');
    renameSync(join(players, '43797F87000000000000000000000000.sav'), join(players, `${LOWER_UID}.sav`));
    const other = readFileSync(join(players, '8C2F1930000000000000000000000000.sav'));
    for (const name of [
      'notes.txt',
      'ABC.sav',
      `${LOWER_UID}0.sav`, // 33 hex
      `${LOWER_UID.slice(1)}.sav`, // 31 hex
      `${LOWER_UID}.sav.bak`,
      `${LOWER_UID}_dps.sav`,
      `x${LOWER_UID}.sav`,
      `${'G'.repeat(32)}.sav`,
    ])
      writeFileSync(join(players, name), other);
    const r = readSaveFolder(dir);
    expect([...r.players.keys()].sort()).toEqual([LOWER_UID.toUpperCase(), '8C2F1930000000000000000000000000']);
    expect(Buffer.from(r.players.get(LOWER_UID.toUpperCase())!).equals(readFileSync(join(players, `${LOWER_UID}.sav`)))).toBe(true);
    expect(Buffer.from(r.players.get('8C2F1930000000000000000000000000')!).equals(other)).toBe(true);
  });

  it('a folder with only Level.sav: no LevelMeta, no players', () => {
    const dir = join(FIXTURES, 'v0.3.2-level-only');
    const r = readSaveFolder(dir);
    expect(Buffer.from(r.level).equals(readFileSync(join(dir, 'Level.sav')))).toBe(true);
    expect(r.levelMeta).toBeUndefined();
    expect(r.players.size).toBe(0);
    expect(r.stamp).toEqual(stampOf(join(dir, 'Level.sav')));
  });

  it("a path to a folder's Level.sav reads that folder, as the folder itself does", () => {
    const dir = join(FIXTURES, 'v0.6-world1');
    const r = readSaveFolder(join(dir, 'Level.sav'));
    const whole = readSaveFolder(dir);
    expect(Buffer.from(r.level).equals(Buffer.from(whole.level))).toBe(true);
    expect(Buffer.from(r.levelMeta!).equals(readFileSync(join(dir, 'LevelMeta.sav')))).toBe(true);
    expect([...r.players.keys()].sort()).toEqual(['43797F87000000000000000000000000', '8C2F1930000000000000000000000000']);
    expect(r.stamp).toEqual(whole.stamp);
  });

  it('another single .sav file is read alone: the LevelMeta.sav and Players/ beside it are not read', () => {
    const dir = world();
    const single = join(dir, 'Copy.sav');
    cpSync(join(dir, 'Level.sav'), single);
    utimesSync(single, 1_600_000_000, 1_600_000_000);
    const r = readSaveFolder(single);
    expect(Buffer.from(r.level).equals(readFileSync(single))).toBe(true);
    expect(r.levelMeta).toBeUndefined();
    expect(r.players.size).toBe(0);
    expect(r.stamp).toEqual({ size: statSync(single).size, mtimeMs: 1_600_000_000_000 });
  });

  it('an empty Level.sav is read as empty (whether it is a save is the parser’s to say)', () => {
    const dir = world();
    writeFileSync(join(dir, 'Level.sav'), '');
    const r = readSaveFolder(dir);
    expect(r.level.length).toBe(0);
    expect(r.stamp.size).toBe(0);
  });

  it('a player file that cannot be read only loses that player', () => {
    const dir = world('v1.0-relics');
    const players = join(dir, 'Players');
    const all = [...playersOf(dir).keys()];
    const bad = all.slice(0, WRITE_ONLY ? 6 : 5);
    mkfifo(join(players, `${bad[0]}.sav`));
    rmSync(join(players, `${bad[1]}.sav`));
    mkdirSync(join(players, `${bad[1]}.sav`));
    replaceWithLink(join(players, `${bad[2]}.sav`), '/dev/null');
    replaceWithLink(join(players, `${bad[3]}.sav`), join(dir, 'nowhere.sav'));
    sparse(join(players, `${bad[4]}.sav`), MAX_FILE_BYTES + 1);
    if (WRITE_ONLY) replaceWithLink(join(players, `${bad[5]}.sav`), WRITE_ONLY);
    const r = readSaveFolder(dir);
    const kept = all.filter((uid) => !bad.includes(uid));
    expect([...r.players.keys()].sort()).toEqual(kept.sort());
    for (const uid of kept) expect(Buffer.from(r.players.get(uid)!).equals(readFileSync(join(players, `${uid}.sav`)))).toBe(true);
    expect(Buffer.from(r.level).equals(readFileSync(join(dir, 'Level.sav')))).toBe(true);
  });

  it('a player file larger than 1 GiB is lost alone', () => {
    // The read bound is 1 GiB for a file of any role; docs/cli.md's player bound (16 MiB) is the
    // parser's, on what it decompresses (src/save/limits.ts), not this one.
    const dir = world();
    sparse(join(dir, 'Players', '43797F87000000000000000000000000.sav'), MAX_FILE_BYTES + 1);
    expect([...readSaveFolder(dir).players.keys()]).toEqual(['8C2F1930000000000000000000000000']);
  });

  it('a file read in pieces is read whole', ({ skip }) => {
    if (!IN_PIECES) return skip();
    const dir = tempDir();
    const level = join(dir, 'Level.sav');
    symlinkSync(IN_PIECES, level);
    const r = readSaveFolder(dir);
    expect(r.level.length).toBe(statSync(IN_PIECES).size);
    expect(Buffer.from(r.level).equals(readFileSync(IN_PIECES))).toBe(true);
    expect(r.stamp).toEqual(stampOf(IN_PIECES));
  });

  it('reading leaves no file open', () => {
    const dir = world();
    const before = openFds();
    for (let i = 0; i < 20; i++) readSaveFolder(dir);
    expect(openFds()).toBeLessThan(before + 5);
  });
});

describe('readSaveFolder: what is refused, in words without paths', () => {
  it('a path that does not exist', () => {
    const dir = tempDir();
    expectValidationError(() => readSaveFolder(join(dir, 'gone')), 'The save path does not exist.');
    expectValidationError(() => readSaveFolder(join(dir, 'gone', 'Level.sav')), 'The save path does not exist.');
  });

  it('a folder without Level.sav', () => {
    const dir = world();
    rmSync(join(dir, 'Level.sav'));
    expectValidationError(() => readSaveFolder(dir), 'No Level.sav in the save folder.');
    // A dangling link is no Level.sav either.
    symlinkSync(join(dir, 'nowhere.sav'), join(dir, 'Level.sav'));
    expectValidationError(() => readSaveFolder(dir), 'No Level.sav in the save folder.');
    expectValidationError(() => readSaveFolder(tempDir()), 'No Level.sav in the save folder.');
  });

  it('a Level.sav that is no regular file is refused by what it is', () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    rmSync(level);
    mkdirSync(level);
    expectSaveFolderError(() => readSaveFolder(dir), `Level.sav is a folder, ${ONLY_REGULAR}`);
    mkfifo(level);
    expectSaveFolderError(() => readSaveFolder(dir), `Level.sav is a named pipe, ${ONLY_REGULAR}`);
    replaceWithLink(level, '/dev/null');
    expectSaveFolderError(() => readSaveFolder(dir), `Level.sav is a device, ${ONLY_REGULAR}`);
  });

  it('a single path that is neither a folder nor a regular file is refused by what it is', () => {
    const dir = world();
    const pipe = join(dir, 'Pipe.sav');
    mkfifo(pipe);
    expectSaveFolderError(() => readSaveFolder(pipe), `Pipe.sav is a named pipe, ${ONLY_REGULAR}`);
    const device = join(dir, 'Device.sav');
    symlinkSync('/dev/null', device);
    expectSaveFolderError(() => readSaveFolder(device), `Device.sav is a device, ${ONLY_REGULAR}`);
  });

  it('a LevelMeta.sav that is no regular file refuses the read', () => {
    const dir = world();
    const meta = join(dir, 'LevelMeta.sav');
    rmSync(meta);
    mkdirSync(meta);
    expectSaveFolderError(() => readSaveFolder(dir), `LevelMeta.sav is a folder, ${ONLY_REGULAR}`);
    mkfifo(meta);
    expectSaveFolderError(() => readSaveFolder(dir), `LevelMeta.sav is a named pipe, ${ONLY_REGULAR}`);
  });

  it('a Level.sav or LevelMeta.sav larger than 1 GiB is refused before it is read', () => {
    expect(MAX_FILE_BYTES).toBe(1024 * 1024 * 1024);
    const dir = world();
    sparse(join(dir, 'LevelMeta.sav'), MAX_FILE_BYTES + 1);
    expectSaveFolderError(() => readSaveFolder(dir), 'LevelMeta.sav is larger than 1 GiB; it is not a world save.');
    sparse(join(dir, 'Level.sav'), MAX_FILE_BYTES + 1);
    expectSaveFolderError(() => readSaveFolder(dir), 'Level.sav is larger than 1 GiB; it is not a world save.');
  });

  it('a Level.sav that cannot be opened says why', ({ skip }) => {
    if (!WRITE_ONLY) return skip();
    const dir = world();
    replaceWithLink(join(dir, 'Level.sav'), WRITE_ONLY);
    expectSaveFolderError(() => readSaveFolder(dir), 'Level.sav cannot be read: permission denied.');
  });

  it('a socket as Level.sav is refused at once, in words naming what it is, never the path', async () => {
    // A socket cannot even be opened (ENXIO, which has no plain words): it is said by what it is,
    // as any other file that is no regular file.
    const dir = world();
    const level = join(dir, 'Level.sav');
    rmSync(level);
    const server = await listen(level);
    try {
      expectSaveFolderError(() => readSaveFolder(dir), `Level.sav is a socket, ${ONLY_REGULAR}`);
    } finally {
      await close(server);
    }
  });

  it('a Level.sav that is shorter than its size when read is a torn read', ({ skip }) => {
    if (!SHORT) return skip();
    const dir = world();
    replaceWithLink(join(dir, 'Level.sav'), SHORT);
    const err = thrown(() => readSaveFolder(dir));
    expect(err).toBeInstanceOf(TornReadError);
    // A single file given: the same.
    const single = join(dir, 'Short.sav');
    symlinkSync(SHORT, single);
    expect(thrown(() => readSaveFolder(single))).toBeInstanceOf(TornReadError);
  });

  it('a Level.sav that changes while it is read is a torn read', async () => {
    // The game rewrites Level.sav in place. Another process moves its mtime on and on while this
    // one reads a 64 MiB Level.sav (sparse): a read that a change fell into is refused as torn. It
    // cannot be timed exactly from one process (the read is synchronous), so reads are tried until
    // one is torn; with a change every few microseconds the first one nearly always is.
    const dir = world();
    const level = join(dir, 'Level.sav');
    sparse(level, 64 * 1024 * 1024);
    const script = `const { utimesSync } = require('node:fs');
      const p = process.argv[1];
      let t = 1_700_000_000;
      const end = Date.now() + 20_000;
      utimesSync(p, t, t);
      console.log('go');
      while (Date.now() < end) utimesSync(p, ++t, t);`;
    const child = spawn(process.execPath, ['-e', script, level], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`the writer exited (${code}) before it started`)));
      });
      let torn: Error | null = null;
      const until = Date.now() + 15_000;
      while (!torn && Date.now() < until) {
        try {
          readSaveFolder(dir);
        } catch (err) {
          torn = err as Error;
        }
      }
      expect(torn).toBeInstanceOf(TornReadError);
      expect(torn!.message).toBe('Level.sav changed while it was read; it will be read again once it is stable.');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('no error names the folder', () => {
    const dir = world();
    const errors: Error[] = [];
    errors.push(thrown(() => readSaveFolder(join(dir, 'gone'))));
    rmSync(join(dir, 'Level.sav'));
    errors.push(thrown(() => readSaveFolder(dir)));
    mkdirSync(join(dir, 'Level.sav'));
    errors.push(thrown(() => readSaveFolder(dir)));
    rmSync(join(dir, 'Level.sav'), { recursive: true });
    sparse(join(dir, 'Level.sav'), MAX_FILE_BYTES + 1);
    errors.push(thrown(() => readSaveFolder(dir)));
    if (WRITE_ONLY) {
      replaceWithLink(join(dir, 'Level.sav'), WRITE_ONLY);
      errors.push(thrown(() => readSaveFolder(dir)));
    }
    for (const err of errors) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err.message).not.toContain(dir);
      expect(err.message).not.toContain('/');
    }
  });

  it('a refused read leaves no file open', () => {
    const dir = world();
    const meta = join(dir, 'LevelMeta.sav');
    const before = openFds();
    for (let i = 0; i < 20; i++) {
      sparse(meta, MAX_FILE_BYTES + 1);
      thrown(() => readSaveFolder(dir));
      mkfifo(meta);
      thrown(() => readSaveFolder(dir));
    }
    expect(openFds()).toBeLessThan(before + 5);
  });
});

// ---- What is wrong with a save folder ------------------------------------------------------------

describe('folderProblem', () => {
  it('a readable folder, with or without a regular Level.sav, has none', () => {
    const dir = world();
    expect(folderProblem(dir)).toBeNull();
    rmSync(join(dir, 'Level.sav'));
    expect(folderProblem(dir)).toBeNull();
    expect(folderProblem(tempDir())).toBeNull();
    // A dangling link is no Level.sav: none either (the watcher says "not readable yet").
    symlinkSync(join(dir, 'nowhere.sav'), join(dir, 'Level.sav'));
    expect(folderProblem(dir)).toBeNull();
  });

  it('a folder that does not exist', () => {
    const dir = join(tempDir(), 'gone');
    expect(folderProblem(dir)).toEqual({ words: `${SETTING} does not exist.`, log: `save folder ${dir} does not exist` });
  });

  it('a file where the folder should be', () => {
    const file = join(world(), 'Level.sav');
    expect(folderProblem(file)).toEqual({ words: `${SETTING} is not a folder.`, log: `save folder ${file} is not a folder` });
  });

  it('a folder below a file cannot be read, in the words of the reason', () => {
    const dir = join(world(), 'Level.sav', 'below');
    expect(folderProblem(dir)).toEqual({
      words: `${SETTING} cannot be read: a part of the path is not a folder.`,
      log: `save folder ${dir} cannot be read: a part of the path is not a folder`,
    });
  });

  it('a folder that cannot be looked at for a reason without plain words still says it cannot be read', async () => {
    const dead = await deadProcessFolder();
    try {
      const p = folderProblem(dead.below)!;
      expect(p.words).toBe('the save folder (SERVICE_SAVE_DIR) cannot be read: the file system refused it.');
      expect(p.log).toMatch(new RegExp(`^save folder ${dead.below} cannot be read: [a-z][a-z ]*$`));
      for (const text of [p.words, p.log]) expect(text).not.toMatch(/\bnull\b|\bundefined\b|does not exist/);
    } finally {
      dead.done();
    }
  });

  it('a folder that cannot be listed cannot be read by palpanel', async () => {
    const dead = await deadProcessFolder();
    try {
      expect(statSync(dead.dir).isDirectory()).toBe(true);
      const p = folderProblem(dead.dir)!;
      expect(p.words).toMatch(/^the save folder \(SERVICE_SAVE_DIR\) cannot be read by palpanel: [a-z][a-z ]*\.$/);
      expect(p.log).toMatch(new RegExp(`^save folder ${dead.dir} cannot be read by this user: [a-z][a-z ]*$`));
      for (const text of [p.words, p.log]) expect(text).not.toMatch(/\bnull\b|\bundefined\b/);
      expect(p.words).not.toContain('/proc');
    } finally {
      dead.done();
    }
  });

  it('a folder the user may not list or enter says permission denied (as another user than root)', ({ skip }) => {
    // Root reads any folder; as root, the test takes another effective user for the call.
    if (!CAN_BE_ANOTHER_USER) return skip();
    const asRoot = process.getuid?.() === 0;
    const top = tempDir();
    chmodSync(top, 0o755);
    const listless = join(top, 'listless');
    mkdirSync(join(listless, 'inner'), { recursive: true });
    chmodSync(listless, 0o311);
    const closed = join(top, 'closed');
    mkdirSync(join(closed, 'inner'), { recursive: true });
    chmodSync(closed, 0o000);
    const as = <T>(fn: () => T): T => {
      if (!asRoot) return fn();
      process.seteuid!(65534);
      try {
        return fn();
      } finally {
        process.seteuid!(0);
      }
    };
    try {
      expect(as(() => folderProblem(listless))).toEqual({
        words: `${SETTING} cannot be read by palpanel: permission denied.`,
        log: `save folder ${listless} cannot be read by this user: permission denied`,
      });
      const inner = join(closed, 'inner');
      expect(as(() => folderProblem(inner))).toEqual({
        words: `${SETTING} cannot be read: permission denied.`,
        log: `save folder ${inner} cannot be read: permission denied`,
      });
    } finally {
      chmodSync(listless, 0o755);
      chmodSync(closed, 0o755);
    }
  });

  it('a Level.sav that is no regular file is a problem, said by what it is', () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    const said = (words: string): SaveDirProblem => ({ words, log: `save folder ${dir}: ${words}` });
    rmSync(level);
    mkdirSync(level);
    expect(folderProblem(dir)).toEqual(said(`Level.sav is a folder, ${ONLY_REGULAR}`));
    mkfifo(level);
    expect(folderProblem(dir)).toEqual(said(`Level.sav is a named pipe, ${ONLY_REGULAR}`));
    replaceWithLink(level, '/dev/null');
    expect(folderProblem(dir)).toEqual(said(`Level.sav is a device, ${ONLY_REGULAR}`));
  });

  it('a Level.sav of 1 GiB is none; one byte more is a problem', () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    sparse(level, MAX_FILE_BYTES);
    expect(folderProblem(dir)).toBeNull();
    sparse(level, MAX_FILE_BYTES + 1);
    const words = 'Level.sav is larger than 1 GiB; it is not a world save.';
    expect(folderProblem(dir)).toEqual({ words, log: `save folder ${dir}: ${words}` });
  });

  it('a Level.sav that cannot be opened is a problem that says why', ({ skip }) => {
    if (!WRITE_ONLY) return skip();
    const dir = world();
    replaceWithLink(join(dir, 'Level.sav'), WRITE_ONLY);
    const words = 'Level.sav cannot be read: permission denied.';
    expect(folderProblem(dir)).toEqual({ words, log: `save folder ${dir}: ${words}` });
  });

  it('a socket as Level.sav: a problem in words, never the path', async () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    rmSync(level);
    const server = await listen(level);
    try {
      const problem = folderProblem(dir);
      expect(problem?.words).toBe(`Level.sav is a socket, ${ONLY_REGULAR}`);
      expect(problem?.words).not.toContain(dir);
    } finally {
      await close(server);
    }
  });

  it('no words name the folder; the log does', () => {
    const top = world();
    const cases = [join(top, 'gone'), join(top, 'Level.sav'), join(top, 'Level.sav', 'below')];
    const withFolder = world();
    rmSync(join(withFolder, 'Level.sav'));
    mkdirSync(join(withFolder, 'Level.sav'));
    cases.push(withFolder);
    for (const dir of cases) {
      const p = folderProblem(dir)!;
      expect(p.words).not.toContain(dir);
      expect(p.words).not.toContain('/');
      expect(p.log).toContain(dir);
    }
  });

  it('looking leaves no file open', () => {
    const dir = world();
    const level = join(dir, 'Level.sav');
    const before = openFds();
    for (let i = 0; i < 20; i++) {
      sparse(level, MAX_FILE_BYTES + 1);
      expect(folderProblem(dir)).not.toBeNull();
      mkfifo(level);
      expect(folderProblem(dir)).not.toBeNull();
      rmSync(level);
      writeFileSync(level, 'x');
      expect(folderProblem(dir)).toBeNull();
    }
    expect(openFds()).toBeLessThan(before + 5);
    expect(existsSync(level)).toBe(true);
  });
});
