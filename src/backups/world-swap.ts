// The world folder's save files replaced by a backup's, file by file, under a journal in the
// data dir, so that a kill at any instant leaves, once the next start has looked at the journal,
// either the old world or the new one, never a mix; everything in the folder that palpanel's
// backups do not hold (owned.ts) is never touched, and the folder itself stays (its owner and
// mode with it).
//
// 1. `staging`: the journal is written first, naming a work folder inside the world folder (so
//    every rename stays on one file system). The backup's files are written there (`new/`),
//    each with the owner and mode of the file it replaces, and fsync'd; each file that will be
//    replaced or removed gets a second name in `old/` (a hard link, else a copy), for an undo.
//    A crash here: the work folder is removed, the world was not touched.
// 2. `swapping` (the commit point: the journal says so, fsync'd): each staged file is renamed
//    over its place, and the owned files the backup lacks are removed. A crash here: the next
//    start does the rest (every step can be done again).
// 3. `undoing`, only when a step of 2 failed in a running palpanel (a folder where a file must
//    go, a permission): the old files are renamed back. A crash here: the next start finishes it.
// Then the work folder goes, and the journal last.
import { randomBytes } from 'node:crypto';
import {
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { chown, open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fsyncDir, writeFileAtomic } from '../lib/atomic-file.js';
import { BACKUP_ID } from '../contract/backup-words.js';
import type { Logger } from '../lib/logger.js';
import type { SaveFile } from './archive.js';
import { PLAYERS, TOP_FILES, isPlayerFileName, restoreReplaces } from './owned.js';

/** The journal of a restore in progress, in the data dir. */
export const RESTORE_MARKER = 'restore-in-progress.json';
/** The work folder's name in the world folder: `<prefix><random>`. */
export const WORK_PREFIX = '.palpanel-restore-';

const FORMAT = 'palpanel-restore/2';

interface Journal {
  format: typeof FORMAT;
  phase: 'staging' | 'swapping' | 'undoing';
  world: string;
  work: string;
  /** The backup's files: each staged in `work/new/<path>`, then renamed over `world/<path>`. */
  put: string[];
  /** Owned files of the world in place that the backup lacks: removed. */
  drop: string[];
  /** Of `put` and `drop`, the files the world held: each has a second name in `work/old/<path>`. */
  had: string[];
  /** Players/ did not exist and was made for the backup's player files (removed on an abort). */
  madePlayers: boolean;
}

/** The marker of palpanel before the per-file swap: the whole folder was swapped. */
interface OldMarker {
  saveDir: string;
  staged: string;
  aside: string;
}

const journalPath = (dataDir: string) => join(dataDir, RESTORE_MARKER);
const newPath = (j: Journal, p: string) => join(j.work, 'new', p);
const oldPath = (j: Journal, p: string) => join(j.work, 'old', p);
const worldPath = (j: Journal, p: string) => join(j.world, p);

function writeJournal(dataDir: string, j: Journal): void {
  writeFileAtomic(journalPath(dataDir), Buffer.from(JSON.stringify(j)));
}

/** The owned files (regular files, links followed) the world folder holds now. */
export function ownedFilesIn(world: string): string[] {
  const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() === true;
  const out: string[] = TOP_FILES.filter((n) => isFile(join(world, n)));
  let players: string[] = [];
  try {
    players = readdirSync(join(world, PLAYERS));
  } catch {
    /* no Players/ */
  }
  for (const n of players.sort()) if (isPlayerFileName(n) && isFile(join(world, PLAYERS, n))) out.push(`${PLAYERS}/${n}`);
  return out;
}

/** What a restore of `backupPaths` leaves in the world folder: every entry it does not replace
 * (a folder with a trailing `/`), sorted; palpanel's own work folders are not listed. */
export function keptEntries(world: string, backupPaths: ReadonlySet<string>, max = 200): string[] {
  const out: string[] = [];
  const list = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = prefix + e.name;
      if (rel.startsWith(WORK_PREFIX)) continue;
      if (rel === PLAYERS && e.isDirectory()) list(join(dir, e.name), `${PLAYERS}/`);
      else if (!(e.isFile() && restoreReplaces(backupPaths, rel))) out.push(e.isDirectory() ? `${rel}/` : rel);
    }
  };
  list(world, '');
  return out.sort().slice(0, max);
}

/** Owner and mode a file takes: those of the file it replaces, else of the world's Level.sav,
 * else the world folder's owner with its mode's read and write bits. */
function likeness(world: string, path: string): { uid: number; gid: number; mode: number } {
  const st = (p: string): Stats | undefined => statSync(p, { throwIfNoEntry: false });
  const own = st(join(world, path));
  if (own?.isFile()) return { uid: own.uid, gid: own.gid, mode: own.mode & 0o777 };
  const level = st(join(world, 'Level.sav'));
  if (level?.isFile()) return { uid: level.uid, gid: level.gid, mode: level.mode & 0o777 };
  const dir = statSync(world);
  return { uid: dir.uid, gid: dir.gid, mode: dir.mode & 0o666 };
}

/** Gives `path` the owner of `like`; says so when it cannot (palpanel runs as another user
 * than the file's and is not root). */
async function keepOwner(path: string, rel: string, like: { uid: number; gid: number }, warnings: string[]): Promise<void> {
  const s = statSync(path);
  if (s.uid === like.uid && s.gid === like.gid) return;
  try {
    await chown(path, like.uid, like.gid);
  } catch {
    warnings.push(`${rel} could not keep its owner (${like.uid}:${like.gid}); it belongs to palpanel's user now.`);
  }
}

async function stageFile(path: string, rel: string, data: Uint8Array, like: ReturnType<typeof likeness>, warnings: string[]) {
  const fh = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    let off = 0;
    while (off < data.length) off += (await fh.write(data, off, data.length - off)).bytesWritten;
    await fh.chmod(like.mode);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await keepOwner(path, rel, like, warnings);
}

/** A second name for an old file, for an undo: a hard link, else (a file system without them)
 * a copy with the same owner and mode. */
async function keepOld(from: string, to: string, rel: string, warnings: string[]): Promise<void> {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
    const s = statSync(from);
    const fh = await open(to, constants.O_RDONLY);
    try {
      await fh.chmod(s.mode & 0o777);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await keepOwner(to, rel, s, warnings);
  }
}

const dirsOf = (j: Journal, root: string) => [
  root,
  ...(j.put.concat(j.drop).some((p) => p.startsWith(`${PLAYERS}/`)) ? [join(root, PLAYERS)] : []),
];

function syncDirs(dirs: string[]): void {
  for (const d of dirs) if (existsSync(d)) fsyncDir(d);
}

/** Step 2, each part done only if not done yet. */
function rollForward(j: Journal): void {
  for (const p of j.put) if (existsSync(newPath(j, p))) renameSync(newPath(j, p), worldPath(j, p));
  for (const p of j.drop) rmSync(worldPath(j, p), { force: true });
  syncDirs(dirsOf(j, j.world));
}

/** Step 3: the old files back, and the new ones the world did not have gone. */
function rollBack(j: Journal): void {
  const had = new Set(j.had);
  for (const p of j.put) {
    if (had.has(p)) {
      if (existsSync(oldPath(j, p))) renameSync(oldPath(j, p), worldPath(j, p));
    } else if (!existsSync(newPath(j, p))) {
      // Moved in (the staged copy is gone): it goes. A thing at that path that was never
      // renamed over (e.g. a folder in the way) still has its staged copy, and is left.
      rmSync(worldPath(j, p), { force: true });
    }
  }
  for (const p of j.drop) if (existsSync(oldPath(j, p))) renameSync(oldPath(j, p), worldPath(j, p));
  syncDirs(dirsOf(j, j.world));
}

/** The work folder only if the journal names one palpanel made (never anything else). */
function removeWork(j: Journal): void {
  if (dirname(j.work) === j.world && basename(j.work).startsWith(WORK_PREFIX)) rmSync(j.work, { recursive: true, force: true });
}

function finish(dataDir: string, j: Journal): void {
  removeWork(j);
  if (existsSync(j.world)) fsyncDir(j.world);
  rmSync(journalPath(dataDir), { force: true });
  fsyncDir(dataDir);
}

/** An abort before the commit point: the work folder goes (finish), and a Players/ made for it
 * if empty. */
function abortStaging(dataDir: string, j: Journal): void {
  if (j.madePlayers) {
    try {
      rmdirSync(join(j.world, PLAYERS));
    } catch {
      /* not empty: something else put a file there since; it stays */
    }
  }
  finish(dataDir, j);
}

/**
 * Puts `files` (a backup's, all owned names) in place of the owned files of `world`. Returns
 * warnings (owners that could not be kept). Throws when it could not: the world in place is then
 * whole (the journal's undo ran), or, if even that failed, the journal stays for the next start.
 */
export async function swapWorld(dataDir: string, world: string, files: SaveFile[]): Promise<string[]> {
  const warnings: string[] = [];
  const put = files.map((f) => f.path).sort(byPlace);
  const putSet = new Set(put);
  const now = ownedFilesIn(world);
  const drop = now.filter((p) => !putSet.has(p) && restoreReplaces(putSet, p));
  const j: Journal = {
    format: FORMAT,
    phase: 'staging',
    world,
    work: join(world, `${WORK_PREFIX}${randomBytes(6).toString('hex')}`),
    put,
    drop,
    had: now.filter((p) => putSet.has(p) || drop.includes(p)),
    madePlayers: false,
  };
  const needsPlayers = put.some((p) => p.startsWith(`${PLAYERS}/`));
  j.madePlayers = needsPlayers && !existsSync(join(world, PLAYERS));
  writeJournal(dataDir, j);
  try {
    for (const sub of ['new', 'old']) {
      mkdirSync(join(j.work, sub, PLAYERS), { recursive: true, mode: 0o700 });
    }
    if (j.madePlayers) {
      const w = statSync(world);
      mkdirSync(join(world, PLAYERS), { mode: w.mode & 0o777 });
      await keepOwner(join(world, PLAYERS), PLAYERS, w, warnings);
    }
    for (const f of files) await stageFile(newPath(j, f.path), f.path, f.data, likeness(world, f.path), warnings);
    for (const p of j.had) await keepOld(worldPath(j, p), oldPath(j, p), p, warnings);
    syncDirs([...dirsOf(j, join(j.work, 'new')), ...dirsOf(j, join(j.work, 'old')), j.work]);
  } catch (err) {
    abortStaging(dataDir, j);
    throw err;
  }
  j.phase = 'swapping';
  writeJournal(dataDir, j);
  try {
    rollForward(j);
  } catch (err) {
    j.phase = 'undoing';
    writeJournal(dataDir, j);
    rollBack(j);
    finish(dataDir, j);
    throw err;
  }
  finish(dataDir, j);
  return warnings;
}

/** Level.sav first, then LevelMeta.sav, WorldOption.sav and the player files by name. */
function byPlace(a: string, b: string): number {
  const rank = (p: string) => {
    const i = (TOP_FILES as readonly string[]).indexOf(p);
    return i >= 0 ? i : TOP_FILES.length;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** What an older palpanel's marker asks: the whole folder was being swapped. */
function recoverOld(m: OldMarker, log: Logger): void {
  if (existsSync(m.saveDir) && existsSync(m.staged)) {
    rmSync(m.staged, { recursive: true, force: true });
    log('warn', 'restore: interrupted before the swap; the world was left as it was');
  } else if (!existsSync(m.saveDir) && existsSync(m.staged)) {
    renameSync(m.staged, m.saveDir);
    fsyncDir(dirname(m.saveDir));
    rmSync(m.aside, { recursive: true, force: true });
    log('warn', 'restore: interrupted during the swap; the restored world was put in place');
  } else {
    rmSync(m.aside, { recursive: true, force: true });
  }
}

/**
 * Finishes or undoes a restore a crash interrupted, as its journal says (called at start before
 * anything reads the save, and before each restore), then removes what staging a crash left
 * without a journal in `world` (the work folders of this version, the `<world>.restore-<backup
 * id>` folders of the version before, which staged beside the world folder).
 */
export function recoverRestore(dataDir: string, log: Logger, world?: string | null): void {
  const path = journalPath(dataDir);
  if (existsSync(path)) {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Journal | OldMarker;
    if ('format' in raw && raw.format === FORMAT) {
      if (raw.phase === 'staging') {
        abortStaging(dataDir, raw);
        log('warn', 'restore: interrupted while staging; the world was left as it was');
      } else if (raw.phase === 'swapping') {
        rollForward(raw);
        finish(dataDir, raw);
        log('warn', 'restore: interrupted during the swap; the restored world was put in place');
      } else {
        rollBack(raw);
        finish(dataDir, raw);
        log('warn', 'restore: interrupted while putting the old world back; it is back');
      }
    } else {
      recoverOld(raw as OldMarker, log);
      rmSync(path, { force: true });
      fsyncDir(dataDir);
    }
  }
  if (world) sweep(world, log);
}

/** Staging no journal names (the journal is gone, so nothing refers to them). */
function sweep(world: string, log: Logger): void {
  const gone: string[] = [];
  const tryRemove = (p: string) => {
    try {
      if (lstatSync(p).isDirectory()) {
        rmSync(p, { recursive: true, force: true });
        gone.push(basename(p));
      }
    } catch {
      /* best effort: a folder that cannot be changed keeps it */
    }
  };
  try {
    for (const n of readdirSync(world)) if (n.startsWith(WORK_PREFIX)) tryRemove(join(world, n));
  } catch {
    /* no world folder (yet) */
  }
  const before = `${basename(world)}.restore-`;
  try {
    for (const n of readdirSync(dirname(world)))
      if (n.startsWith(before) && BACKUP_ID.test(n.slice(before.length))) tryRemove(join(dirname(world), n));
  } catch {
    /* the parent cannot be read: nothing of ours is known there */
  }
  if (gone.length) log('warn', `restore: removed ${gone.length} staging folder(s) an interrupted restore left`);
}
