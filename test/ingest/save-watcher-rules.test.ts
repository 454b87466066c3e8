// The save watcher's rules one by one (issue 26: the mutants Stryker found surviving in
// save-watcher.ts): the words a failed parse is told in, the loop (start, poke, the earlier of two
// due times, the re-check after a change during a check, abort), fs.watch following the folder,
// freshness and the link, parseNow, the quiet period and the log lines.
// The watcher's clocks are passed in (`now` for its records and nextCheckAt, `fileNow` for file
// mtimes); its timers are real, with a one-minute interval, so only the timers a test asks for run
// during it. Parses run in this process (coverage inside the parse worker is invisible to the
// mutation run): readSaveFolder gives the stamp the watcher needs, runStoreParseJob a real world.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictError, DomainError, ParseRunningError, ValidationError } from '../../src/domain/errors.js';
import type { Logger, LogLevel } from '../../src/lib/logger.js';
import { runStoreParseJob, type StoreParseResult } from '../../src/ingest/parse-job.js';
import { ParseFailedError, parseForStoreInWorker, SaveFileError } from '../../src/ingest/parse-worker-host.js';
import { QUIET_MS, SaveWatcher } from '../../src/ingest/save-watcher.js';
import { readSaveFolder, SaveFolderError, TornReadError, type FileStamp } from '../../src/ingest/save-files.js';
import { WorldFolder } from '../../src/ingest/world-folder.js';
import { applyParse } from '../../src/ingest/world-apply.js';
import { SaveError } from '../../src/save/errors.js';
import { openStore, type Store } from '../../src/store/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';
import { waitFor } from '../helpers/wait.js';

/** Level.sav's mtime in most tests (seconds). */
const T = 2_000_000_000;
/** The clock of the watcher's records and of nextCheckAt. */
const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const INTERVAL = 60_000;
const FALLBACK = 'The save could not be parsed (the log has the details).';
const MISSING = 'the save folder (SERVICE_SAVE_DIR) does not exist.';
const FAILED_LOG = 'world save could not be parsed; the last good world stays served';

const iso = (ms: number) => new Date(ms).toISOString();
/** Resolves after the event loop has turned once (a parse that is not over at once). */
const later = () => new Promise<void>((r) => setImmediate(r));

/** fs.watch on Linux is inotify: /proc/self/fdinfo lists what its watches are on. */
const INOTIFY = process.platform === 'linux' && existsSync('/proc/self/fdinfo');
if (!INOTIFY) noteSkip('save watcher: no /proc/self/fdinfo here (not Linux); the fs.watch tests are skipped');

/** The inotify watches of this process: the inode each is on, to its watch descriptor. */
function inotifyWatches(): Map<number, number> {
  const found = new Map<number, number>();
  for (const fd of readdirSync('/proc/self/fd')) {
    let info: string;
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) !== 'anon_inode:inotify') continue;
      info = readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
    } catch {
      continue; // the fd readdir itself used, or one closed meanwhile
    }
    for (const m of info.matchAll(/^inotify wd:([0-9a-f]+) ino:([0-9a-f]+)/gm)) found.set(parseInt(m[2], 16), parseInt(m[1], 16));
  }
  return found;
}

/** How many resources of a kind keep the event loop alive now ('Timeout': ref'd timers). */
const active = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;

function writeLevel(path: string, text: string, mtimeSec: number): void {
  writeFileSync(path, text);
  utimesSync(path, mtimeSec, mtimeSec);
}

interface Line {
  level: LogLevel;
  msg: string;
  detail: unknown;
}

interface RigOptions {
  /** The parse after the rig's own bookkeeping (default: readSaveFolder, a turn of the loop later). */
  parse?: (dir: string) => Promise<{ stamp: FileStamp }>;
  world?: string | WorldFolder;
  notify?: boolean;
  autosaveMs?: number;
  onLog?: (line: Line) => void;
}

const controllers: AbortController[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const ac of controllers.splice(0)) ac.abort();
  for (const s of stores.splice(0)) s.close();
});

/** A world folder (`<root>/world`, Level.sav written at T) and a watcher of it, not started. */
function rig(o: RigOptions = {}) {
  const root = tempDir('palpanel-watch-');
  const dir = join(root, 'world');
  mkdirSync(dir);
  const level = join(dir, 'Level.sav');
  writeLevel(level, 'the first save', T);
  // Quiet: a minute after Level.sav was written.
  const clock = { now: NOW, file: T * 1000 + 60_000 };
  const lines: Line[] = [];
  const parses: string[] = [];
  const applied: FileStamp[] = [];
  const ac = new AbortController();
  controllers.push(ac);
  const log: Logger = (lvl, msg, detail) => {
    const line = { level: lvl, msg, detail };
    lines.push(line);
    o.onLog?.(line);
  };
  const w = new SaveWatcher<{ stamp: FileStamp }>({
    world: o.world ?? dir,
    intervalMs: INTERVAL,
    parse: async (d) => {
      parses.push(d);
      if (o.parse) return o.parse(d);
      await later();
      return readSaveFolder(d);
    },
    apply: (out) => void applied.push(out.stamp),
    log,
    now: () => new Date(clock.now),
    fileNow: () => clock.file,
    notify: o.notify ?? false,
    ...(o.autosaveMs ? { autosaveMs: o.autosaveMs } : {}),
  });
  /** Starts the loop and waits for its first check. */
  const start = async () => {
    w.start(ac.signal);
    await w.idle();
  };
  return { root, dir, level, w, clock, lines, parses, applied, ac, start, warnings: () => lines.filter((l) => l.level === 'warn') };
}

/** A gate a parse waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

describe('the words a failed parse is told in (failureWords)', () => {
  const cases: [string, () => unknown, string][] = [
    [
      'a save folder that cannot be read (a domain error): its own words',
      () => new SaveFolderError('Level.sav cannot be read: permission denied.'),
      'Level.sav cannot be read: permission denied.',
    ],
    [
      'a validation error: its own words',
      () => new ValidationError('No Level.sav in the save folder.'),
      'No Level.sav in the save folder.',
    ],
    [
      'the worker’s save error (SaveFileError): its own words',
      () => new SaveFileError('bad_magic', 'Level.sav is not a Palworld save.'),
      'Level.sav is not a Palworld save.',
    ],
    [
      'a parse that took too long: said so',
      () => new ParseFailedError('The parse took too long and was stopped.'),
      'The parse took too long and was stopped.',
    ],
    ['a worker that failed: only the log has it', () => new ParseFailedError('The parse worker failed: out of memory'), FALLBACK],
    [
      'a bug in the worker passed on as a failed parse: only the log has it',
      () => new ParseFailedError("Cannot read properties of undefined (reading 'x')"),
      FALLBACK,
    ],
    ['a plain Error: only the log has it', () => new Error('EIO: i/o error, read'), FALLBACK],
    ['a TypeError: only the log has it', () => new TypeError('x is not a function'), FALLBACK],
    ['something thrown that is no Error: only the log has it', () => 'a string thrown', FALLBACK],
  ];
  it.each(cases)('%s', async (_what, err, words) => {
    const r = rig({
      parse: async () => {
        await later();
        throw err();
      },
    });
    expect(await r.w.parseNow()).toMatchObject({ ok: false, error: words, trigger: 'manual' });
  });

  it('a parse cancelled (shutdown): said so', async () => {
    const r = rig({ parse: (dir) => parseForStoreInWorker({ target: dir }, AbortSignal.abort()) });
    expect(await r.w.parseNow()).toMatchObject({ ok: false, error: 'The parse was cancelled.' });
  });

  it("the save parser's own error (in this process a SaveError, no domain error): its words are the problem, logged as a warning with the error", async () => {
    const r = rig({ parse: (dir) => runStoreParseJob({ target: dir }) });
    writeLevel(r.level, 'PlZ2 this is not a save at all', T);
    const err = await runStoreParseJob({ target: r.dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SaveError);
    expect(err).not.toBeInstanceOf(DomainError);
    expect(await r.w.check()).toBe('failed');
    expect(r.w.problem()).toBe((err as Error).message);
    expect(r.w.lastRun()).toMatchObject({ ok: false, error: (err as Error).message, trigger: 'watcher' });
    expect(r.warnings()).toEqual([{ level: 'warn', msg: FAILED_LOG, detail: expect.any(SaveError) }]);
  });
});

describe('the loop: start, poke, schedule, abort', () => {
  it('start checks at once; idle() waits for that check; the next is due an interval later on the clock passed in', async () => {
    const r = rig();
    expect(r.w.lastRun()).toBeNull();
    expect(r.w.busy).toBe(false);
    r.w.start(r.ac.signal);
    // The check ran at once, up to its parse, which is still going on.
    expect(r.parses).toEqual([r.dir]);
    expect(r.w.busy).toBe(true);
    expect(r.w.nextCheckAt()).toBeNull();
    await r.w.idle();
    expect(r.w.lastRun()).toMatchObject({ ok: true, trigger: 'watcher' });
    expect(r.w.busy).toBe(false);
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + INTERVAL));
  });

  it('a poke makes the check due now, in place of the later one (its timer cleared); a second poke keeps the earlier due time', async () => {
    const r = rig();
    await r.start();
    const timers = active('Timeout');
    r.clock.now = NOW + 1_000;
    r.w.poke();
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + 1_000));
    expect(active('Timeout')).toBe(timers);
    r.clock.now = NOW + 2_000;
    r.w.poke();
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + 1_000));
    expect(active('Timeout')).toBe(timers);
    // The poked check runs, and the one after it is an interval later again.
    await waitFor('the poked check', () => (r.w.nextCheckAt()?.getTime() === NOW + 2_000 + INTERVAL ? true : undefined));
  });

  it('a poke while a check runs: nothing due beside it; once it is over, a re-check when a save can be quiet (2.1 s)', async () => {
    const g = gate();
    const r = rig({
      parse: async (dir) => {
        await g.p;
        return readSaveFolder(dir);
      },
    });
    r.w.start(r.ac.signal);
    expect(r.w.busy).toBe(true);
    r.w.poke();
    expect(r.w.nextCheckAt()).toBeNull();
    g.open();
    await r.w.idle();
    expect(r.parses).toHaveLength(1);
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + QUIET_MS + 100));
  });

  it('a save still being written is looked at again once it can be quiet (from its age), not an interval later', async () => {
    const r = rig();
    r.clock.file = T * 1000 + 500;
    await r.start();
    expect(r.parses).toEqual([]);
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + QUIET_MS - 500 + 100));
  });

  it('a read during which Level.sav changed is thrown away and looked at again in 2.1 s', async () => {
    const r = rig({
      parse: (dir) => {
        if (r.parses.length === 1) writeLevel(join(dir, 'Level.sav'), 'the next save, written during the read', T + 30);
        return Promise.resolve(readSaveFolder(dir));
      },
    });
    await r.start();
    expect(r.parses).toHaveLength(1);
    expect(r.applied).toEqual([]);
    expect(r.w.lastRun()).toBeNull();
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + QUIET_MS + 100));
  });

  it('a torn read is no failure: nothing recorded, looked at again in 2.1 s and read again at the same stamp', async () => {
    const r = rig({ parse: (dir) => (r.parses.length <= 2 ? Promise.reject(new TornReadError()) : Promise.resolve(readSaveFolder(dir))) });
    expect(await r.w.check()).toBe('waiting');
    await r.start();
    expect(r.parses).toHaveLength(2);
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW + QUIET_MS + 100));
    expect(r.w.lastRun()).toBeNull();
    expect(r.w.problem()).toBeNull();
    expect(r.w.link().state).toBe('unknown');
    expect(r.warnings()).toEqual([]);
    expect(await r.w.check()).toBe('parsed');
  });

  it('abort stops the loop: its timer cleared, nothing due, the folder no longer watched; a poke after it does nothing', async () => {
    const r = rig({ notify: true });
    await r.start();
    const ino = statSync(r.dir).ino;
    if (INOTIFY) expect(inotifyWatches().has(ino)).toBe(true);
    const timers = active('Timeout');
    r.ac.abort();
    expect(active('Timeout')).toBe(timers - 1);
    expect(r.w.nextCheckAt()).toBeNull();
    if (INOTIFY) expect(inotifyWatches().has(ino)).toBe(false);
    r.w.poke();
    expect(r.w.nextCheckAt()).toBeNull();
    expect(active('Timeout')).toBe(timers - 1);
  });

  it('a parse cancelled by shutdown is no problem of the save: not recorded, not logged, nothing due after it', async () => {
    const r = rig({
      parse: async (dir) => {
        await later();
        r.ac.abort();
        return parseForStoreInWorker({ target: dir }, r.ac.signal);
      },
    });
    await r.start();
    expect(r.parses).toHaveLength(1);
    expect(r.w.lastRun()).toBeNull();
    expect(r.w.problem()).toBeNull();
    expect(r.w.link().state).toBe('unknown');
    expect(r.warnings()).toEqual([]);
    expect(r.w.nextCheckAt()).toBeNull();
  });

  it('no check runs before start or on an aborted signal', async () => {
    const r = rig();
    // Before start: the poke's timer fires, and its check does nothing.
    r.w.poke();
    expect(r.w.nextCheckAt()).toEqual(new Date(NOW));
    await waitFor('the poked timer to fire', () => (r.w.nextCheckAt() === null ? true : undefined));
    expect(r.parses).toEqual([]);
    // Started on an aborted signal: start's check would have called the parse at once (see the first test).
    r.w.start(AbortSignal.abort());
    expect(r.parses).toEqual([]);
    expect(r.w.nextCheckAt()).toBeNull();
    expect(r.w.lastRun()).toBeNull();
  });
});

describe.runIf(INOTIFY)('fs.watch follows the world folder', () => {
  it('the followed folder is watched, without keeping the process alive; a change in it brings the next check forward to 2.1 s', async () => {
    const r = rig({ notify: true });
    const held = active('FSEventWrap');
    await r.start();
    expect(inotifyWatches().has(statSync(r.dir).ino)).toBe(true);
    expect(active('FSEventWrap')).toBe(held);
    r.clock.now = NOW + 5_000;
    writeFileSync(join(r.dir, 'LevelMeta.sav'), 'meta');
    const next = await waitFor('the change to move the next check', () => {
      const at = r.w.nextCheckAt();
      return at && at.getTime() !== NOW + INTERVAL ? at : undefined;
    });
    expect(next).toEqual(new Date(NOW + 5_000 + QUIET_MS + 100));
  });

  it('notify: false watches nothing (the periodic check does it all)', async () => {
    const r = rig({ notify: false });
    await r.start();
    expect(r.w.lastRun()).toMatchObject({ ok: true }); // the check ran, after which a watch would be set
    expect(inotifyWatches().has(statSync(r.dir).ino)).toBe(false);
  });

  it('another check of the same folder keeps its watch (the same kernel watch: no gap for a change to fall in)', async () => {
    const r = rig({ notify: true });
    await r.start();
    const ino = statSync(r.dir).ino;
    const wd = inotifyWatches().get(ino);
    expect(wd).toBeDefined();
    r.clock.now = NOW + 1_000;
    r.w.poke();
    await waitFor('the poked check', () => (r.w.nextCheckAt()?.getTime() === NOW + 1_000 + INTERVAL ? true : undefined));
    expect(inotifyWatches().get(ino)).toBe(wd);
  });

  it('a folder replaced by a new one at the same path (a new inode): the new one is watched, the old one let go', async () => {
    const r = rig({ notify: true });
    await r.start();
    const old = statSync(r.dir).ino;
    renameSync(r.dir, join(r.root, 'old'));
    mkdirSync(r.dir);
    writeLevel(r.level, 'the restored save', T + 30);
    const replaced = statSync(r.dir).ino;
    r.w.poke();
    await waitFor('the check of the new folder', () => (r.parses.length === 2 ? true : undefined));
    await r.w.idle();
    const watches = inotifyWatches();
    expect(watches.has(replaced)).toBe(true);
    expect(watches.has(old)).toBe(false);
  });

  it('a folder moved away: no longer watched', async () => {
    const r = rig({ notify: true });
    await r.start();
    const ino = statSync(r.dir).ino;
    renameSync(r.dir, join(r.root, 'aside'));
    r.w.poke();
    await waitFor('the check that finds no folder', () => (r.w.problem() ? true : undefined));
    await r.w.idle();
    expect(r.w.problem()).toBe(MISSING);
    expect(inotifyWatches().has(ino)).toBe(false);
  });
});

describe('freshness: how far the served world is behind the newest save on disk', () => {
  it('nothing served yet: the newest save only; stale once that save is more than two autosaves (60 s) old, not at exactly 60 s', async () => {
    const r = rig();
    expect(r.w.freshness()).toEqual({ servedSaveAt: null, newestSaveAt: null, behindSec: null, stale: false });
    r.clock.file = T * 1000 + 500;
    expect(await r.w.check()).toBe('waiting');
    r.clock.file = T * 1000 + 60_000;
    expect(r.w.freshness()).toEqual({ servedSaveAt: null, newestSaveAt: iso(T * 1000), behindSec: null, stale: false });
    r.clock.file += 1;
    expect(r.w.freshness()).toEqual({ servedSaveAt: null, newestSaveAt: iso(T * 1000), behindSec: null, stale: true });
  });

  it('after a parse: behind by how much newer the save on disk is, in whole seconds; stale when more than two autosaves behind', async () => {
    const r = rig();
    expect(await r.w.check()).toBe('parsed');
    const served = iso(T * 1000);
    expect(r.w.freshness()).toEqual({ servedSaveAt: served, newestSaveAt: served, behindSec: 0, stale: false });
    writeLevel(r.level, 'the next save', T + 60);
    expect(r.w.freshness()).toEqual({ servedSaveAt: served, newestSaveAt: iso((T + 60) * 1000), behindSec: 60, stale: false });
    writeLevel(r.level, 'the next save', T + 61);
    expect(r.w.freshness()).toEqual({ servedSaveAt: served, newestSaveAt: iso((T + 61) * 1000), behindSec: 61, stale: true });
    writeLevel(r.level, 'the next save', T + 89.6);
    expect(r.w.freshness()).toMatchObject({ servedSaveAt: served, behindSec: 90, stale: true });
  });

  it('the autosave period given sets the limit: with 10 s autosaves, stale when more than 20 s behind', async () => {
    const r = rig({ autosaveMs: 10_000 });
    expect(await r.w.check()).toBe('parsed');
    writeLevel(r.level, 'the next save', T + 20);
    expect(r.w.freshness()).toMatchObject({ behindSec: 20, stale: false });
    writeLevel(r.level, 'the next save', T + 21);
    expect(r.w.freshness()).toMatchObject({ behindSec: 21, stale: true });
  });

  it("a switch of world starts its stamps afresh: the new world's save is parsed even when its stamp equals the old one's", async () => {
    const root = tempDir('palpanel-worlds-');
    const ids = ['0123456789ABCDEF0123456789ABCDEF', 'FEDCBA9876543210FEDCBA9876543210'];
    const dirs = ids.map((id) => join(root, 'SaveGames', '0', id));
    for (const d of dirs) {
      mkdirSync(d, { recursive: true });
      writeLevel(join(d, 'Level.sav'), 'the same bytes', T);
    }
    let game = ids[0];
    const r = rig({
      world: new WorldFolder(
        root,
        () => game,
        () => undefined,
      ),
    });
    expect(await r.w.check()).toBe('parsed');
    game = ids[1];
    expect(await r.w.check()).toBe('parsed');
    expect(r.parses).toEqual(dirs);
  });
});

describe('the link and the log lines', () => {
  it('a good parse: ok since then; a failed one: failing since, with its words; a good one after: ok again', async () => {
    let fail = false;
    const words = 'Level.sav cannot be read: permission denied.';
    const r = rig({ parse: (dir) => (fail ? Promise.reject(new SaveFolderError(words)) : Promise.resolve(readSaveFolder(dir))) });
    expect(r.w.link()).toEqual({
      state: 'unknown',
      since: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
      lastCode: null,
    });
    expect(await r.w.check()).toBe('parsed');
    const t0 = iso(NOW);
    expect(r.w.link()).toEqual({ state: 'ok', since: t0, lastSuccessAt: t0, lastFailureAt: null, lastError: null, lastCode: null });
    expect(r.w.lastRun()).toEqual({
      finishedAt: t0,
      ok: true,
      error: null,
      durationMs: expect.any(Number),
      levelSavBytes: 14,
      trigger: 'watcher',
    });

    fail = true;
    writeLevel(r.level, 'the second save', T + 30);
    r.clock.now = NOW + 30_000;
    expect(await r.w.check()).toBe('failed');
    const t1 = iso(NOW + 30_000);
    expect(r.w.link()).toEqual({ state: 'failing', since: t1, lastSuccessAt: t0, lastFailureAt: t1, lastError: words, lastCode: null });
    expect(r.w.lastRun()).toEqual({
      finishedAt: t1,
      ok: false,
      error: words,
      durationMs: expect.any(Number),
      levelSavBytes: 15,
      trigger: 'watcher',
    });
    expect(r.w.problem()).toBe(words);
    expect(r.warnings()).toEqual([{ level: 'warn', msg: FAILED_LOG, detail: expect.any(SaveFolderError) }]);

    fail = false;
    writeLevel(r.level, 'the third save.', T + 40);
    r.clock.now = NOW + 60_000;
    expect(await r.w.check()).toBe('parsed');
    const t2 = iso(NOW + 60_000);
    expect(r.w.link()).toEqual({ state: 'ok', since: t2, lastSuccessAt: t2, lastFailureAt: t1, lastError: null, lastCode: null });
    expect(r.w.problem()).toBeNull();
  });

  it('a folder problem is a failure of the link in its words, logged once as a warning naming the path', async () => {
    const missing = join(tempDir(), 'nope');
    const r = rig({ world: missing });
    expect(await r.w.check()).toBe('missing');
    expect(await r.w.check()).toBe('missing');
    expect(r.w.problem()).toBe(MISSING);
    expect(r.w.link()).toEqual({
      state: 'failing',
      since: iso(NOW),
      lastSuccessAt: null,
      lastFailureAt: iso(NOW),
      lastError: MISSING,
      lastCode: null,
    });
    expect(r.warnings()).toEqual([{ level: 'warn', msg: `save folder ${missing} does not exist`, detail: undefined }]);
  });

  it("'world save: readable again' (info) once a problem clears, never at the first parse", async () => {
    const r = rig();
    expect(await r.w.check()).toBe('parsed');
    expect(r.lines.filter((l) => l.msg.includes('readable again'))).toEqual([]);
    const aside = join(r.root, 'aside');
    renameSync(r.dir, aside);
    expect(await r.w.check()).toBe('missing');
    renameSync(aside, r.dir);
    writeLevel(r.level, 'the next save', T + 30);
    expect(await r.w.check()).toBe('parsed');
    expect(r.lines.filter((l) => l.msg.includes('readable again'))).toEqual([
      { level: 'info', msg: 'world save: readable again', detail: undefined },
    ]);
  });

  it('Level.sav gone between finding the world and reading its stamp (the game replacing it): "not readable yet", logged with the path', async () => {
    const r = rig({ onLog: (l) => l.msg.startsWith('world save: following world') && rmSync(r.level) });
    expect(await r.w.check()).toBe('missing');
    expect(r.parses).toEqual([]);
    expect(r.w.problem()).toBe('Level.sav is not readable yet.');
    expect(r.warnings()).toEqual([{ level: 'warn', msg: `save folder ${r.dir}: Level.sav is not readable yet`, detail: undefined }]);
  });
});

describe('parseNow (the panel’s POST /world/parse)', () => {
  it('parses at once whatever the stamps, applies the world, records a manual run with its size; the checks do not parse that stamp again', async () => {
    const saveDir = tempDir('palpanel-save-');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const store = await openStore(tempDir());
    stores.push(store);
    const log: Logger = () => undefined;
    const { size, mtimeMs } = statSync(join(saveDir, 'Level.sav'));
    // Written half a second ago: a check would wait.
    const clock = { file: mtimeMs + 500 };
    const w = new SaveWatcher<StoreParseResult>({
      world: saveDir,
      intervalMs: INTERVAL,
      parse: (dir) => runStoreParseJob({ target: dir }),
      apply: (out) => applyParse(store, out, log),
      log,
      now: () => new Date(NOW),
      fileNow: () => clock.file,
      notify: false,
    });
    expect(store.world.parseInfo().lastParseAt).toBeNull();
    const before = performance.now();
    const pending = w.parseNow();
    expect(w.busy).toBe(true);
    const run = await pending;
    const took = performance.now() - before;
    expect(run).toEqual({
      finishedAt: iso(NOW),
      ok: true,
      error: null,
      durationMs: expect.any(Number),
      levelSavBytes: size,
      trigger: 'manual',
    });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.durationMs).toBeLessThanOrEqual(Math.ceil(took));
    expect(w.lastRun()).toEqual(run);
    expect(w.busy).toBe(false);
    expect(w.link()).toMatchObject({ state: 'ok', lastSuccessAt: iso(NOW) });
    expect(store.world.parseInfo()).toMatchObject({ players: 1, pals: 2 });
    clock.file = mtimeMs + 60_000;
    expect(await w.check()).toBe('unchanged');
  });

  it('one parse at a time: refused while a requested or a scheduled parse runs; a check meanwhile waits without reading', async () => {
    let hold = gate();
    const r = rig({
      parse: async (dir) => {
        await hold.p;
        return readSaveFolder(dir);
      },
    });
    const first = r.w.parseNow();
    expect(r.w.busy).toBe(true);
    const second = r.w.parseNow().catch((e: unknown) => e);
    const check = r.w.check();
    expect(r.parses).toHaveLength(1);
    hold.open();
    expect(await second).toBeInstanceOf(ParseRunningError);
    expect(await check).toBe('waiting');
    expect(await first).toMatchObject({ ok: true, trigger: 'manual' });
    expect(r.w.busy).toBe(false);
    expect(r.applied).toHaveLength(1);

    // A scheduled check parsing a new save: a request meanwhile is refused too.
    hold = gate();
    writeLevel(r.level, 'the next save', T + 30);
    const scheduled = r.w.check();
    expect(r.w.busy).toBe(true);
    const refused = r.w.parseNow().catch((e: unknown) => e);
    expect(r.parses).toHaveLength(2);
    hold.open();
    expect(await refused).toBeInstanceOf(ParseRunningError);
    expect(await scheduled).toBe('parsed');
    expect(r.w.busy).toBe(false);
    // Over: a request runs again.
    expect(await r.w.parseNow()).toMatchObject({ ok: true });
  });

  it('no world to parse: a ConflictError in the words of what is wrong', async () => {
    const r = rig({ world: join(tempDir(), 'nope') });
    const err = await r.w.parseNow().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ code: 'conflict', message: MISSING });
    expect(r.parses).toEqual([]);
    expect(r.w.busy).toBe(false);
  });

  it('a world whose Level.sav is gone before it is read (the game replacing it): a ConflictError, "no Level.sav to parse yet"', async () => {
    const r = rig({ onLog: (l) => l.msg.startsWith('world save: following world') && rmSync(r.level) });
    const err = await r.w.parseNow().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ code: 'conflict', message: 'The save folder has no Level.sav to parse yet.' });
    expect(r.parses).toEqual([]);
  });

  it('a failed request resolves ok: false with its words and is logged with the error; a torn read has words of its own and is not logged', async () => {
    let mode: 'torn' | 'bad' | 'good' = 'torn';
    const words = 'Level.sav cannot be read: permission denied.';
    const bad = new SaveFolderError(words);
    const r = rig({
      parse: (dir) =>
        mode === 'torn' ? Promise.reject(new TornReadError()) : mode === 'bad' ? Promise.reject(bad) : Promise.resolve(readSaveFolder(dir)),
    });
    const torn = 'The game was writing Level.sav during the read; try again in a moment.';
    expect(await r.w.parseNow()).toEqual({
      finishedAt: iso(NOW),
      ok: false,
      error: torn,
      durationMs: expect.any(Number),
      levelSavBytes: 14,
      trigger: 'manual',
    });
    expect(r.w.busy).toBe(false);
    expect(r.w.link()).toMatchObject({ state: 'failing', lastError: torn });
    expect(r.warnings()).toEqual([]);

    mode = 'bad';
    r.clock.now = NOW + 1_000;
    expect(await r.w.parseNow()).toEqual({
      finishedAt: iso(NOW + 1_000),
      ok: false,
      error: words,
      durationMs: expect.any(Number),
      levelSavBytes: 14,
      trigger: 'manual',
    });
    expect(r.warnings()).toEqual([{ level: 'warn', msg: FAILED_LOG, detail: bad }]);

    mode = 'good';
    expect(await r.w.parseNow()).toMatchObject({ ok: true, error: null, trigger: 'manual' });
    expect(r.applied).toHaveLength(1);
    expect(r.w.link()).toMatchObject({ state: 'ok', lastError: null });
  });

  it('a request clears the problem the checks found: readable again', async () => {
    const r = rig();
    const aside = join(r.root, 'aside');
    renameSync(r.dir, aside);
    expect(await r.w.check()).toBe('missing');
    expect(r.w.problem()).toBe(MISSING);
    renameSync(aside, r.dir);
    expect(await r.w.parseNow()).toMatchObject({ ok: true });
    expect(r.w.problem()).toBeNull();
    expect(r.lines.filter((l) => l.msg === 'world save: readable again')).toHaveLength(1);
  });
});

describe('the quiet period', () => {
  it('a save exactly 2 s old is quiet: parsed at the first check; 1 ms younger waits', async () => {
    const young = rig();
    young.clock.file = T * 1000 + QUIET_MS - 1;
    expect(await young.w.check()).toBe('waiting');
    const quiet = rig();
    quiet.clock.file = T * 1000 + QUIET_MS;
    expect(await quiet.w.check()).toBe('parsed');
  });

  it('a Level.sav stamped ahead of our clock is quiet once the same stamp has been seen for 2 s', async () => {
    const r = rig();
    writeLevel(r.level, 'a save from a clock an hour ahead', T + 3_600);
    r.clock.file = T * 1000;
    expect(await r.w.check()).toBe('waiting');
    r.clock.file += QUIET_MS - 1;
    expect(await r.w.check()).toBe('waiting');
    r.clock.file += 1;
    expect(await r.w.check()).toBe('parsed');
  });
});

// Mutants of save-watcher.ts no test can tell from the original (left surviving on purpose):
// - `poked = true` as its first value: tick() sets it false before any check reads it.
// - the WorldFolder's game id `() => undefined` for `() => null`: resolve() treats both as none.
// - `if (true) clearTimeout(this.timer)` (abort and schedule): clearTimeout(null) does nothing.
// - tick's `if (signal.aborted) return` after a check dropped: rewatch() and schedule() each
//   return on an aborted signal themselves; `this.signal.aborted` in rewatch(): it runs only after
//   start() set the signal.
// - rewatch's inode: its first value (+1 for -1), `if (true)` before statSync (statSync(null)
//   throws, and the catch sets -1), the catch emptied or setting +1 (a folder stat cannot read is
//   one fs.watch cannot watch either: its throw is caught), and `!dir || ino < 0` turned into
//   false, `!dir && ino < 0`, `ino <= 0` or dropped to `!dir` (likewise; no folder has inode 0).
// - `this.watched.dir === dir` dropped: only a folder renamed keeps its inode under another path,
//   and a watch is on the inode, so the kept one still sees its changes.
// - the FSWatcher's 'error' listener: inotify (Linux) never emits 'error'.
// - setProblem's `else if (this.trouble)` made true: with no problem before and none now it has
//   returned already (the words compare equal), so trouble is always set there.
