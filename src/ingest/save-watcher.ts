// Watches the world save (the folder WorldFolder follows) and parses it when the game has
// finished writing it. The game rewrites Level.sav in place on every autosave (every 30 s by
// default, over about a second), so a periodic check that waits for two equal stamps a whole
// interval apart may never see one (interface.md, "Beside a real server"): instead a Level.sav
// whose size and mtime have not changed for QUIET_MS is complete and is parsed whenever the
// check falls. A check that finds it still being written looks again once it can be quiet,
// not an interval later; change notification (fs.watch) brings the check forward when the
// file system gives it, and the periodic check stays as the fallback. A read during which the
// file changed is thrown away and tried again. A stamp is parsed at most once (a corrupt file
// is not re-read on every check; the last good world stays served).
// An admin can also ask for a parse now (`parseNow`, the panel's POST /world/parse); one parse
// runs at a time, whoever started it: a second request while one runs is refused, and a
// scheduled check skips its parse while a requested one runs.
import { statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { ConflictError, DomainError, ParseRunningError } from '../domain/errors.js';
import type { Freshness, ParseRun } from './world-jobs.js';
import type { Logger } from '../lib/logger.js';
import { LinkTrack, type LinkState } from '../domain/link-track.js';
import { ParseFailedError } from './parse-worker-host.js';
import { folderProblem, sameStamp, stampOf, TornReadError, type FileStamp, type SaveDirProblem } from './save-files.js';
import { WorldFolder, type WorldFolderState } from './world-folder.js';

/** A Level.sav whose size and mtime have not changed for this long is complete. */
export const QUIET_MS = 2_000;
/** The game's default autosave period (AutoSaveSpan 30 s): the served world warns when it is
 * more than two of them behind the newest save on disk. */
export const DEFAULT_AUTOSAVE_MS = 30_000;
/** While no world exists yet, look for one at least this often (the first save appears). */
const NO_WORLD_RECHECK_MS = 5_000;

export type CheckOutcome = 'parsed' | 'waiting' | 'unchanged' | 'failed' | 'missing';

export interface SaveWatcherOptions<T extends { stamp: FileStamp }> {
  /** SERVICE_SAVE_DIR (a world folder or a folder above it), or the WorldFolder following it. */
  world: string | WorldFolder;
  intervalMs: number;
  /** Parses the folder; the result carries the Level.sav stamp it read. */
  parse: (saveDir: string) => Promise<T>;
  /** Applies a good result (store swap, events). */
  apply: (out: T) => void;
  log: Logger;
  /** Clock of the parse records (default: the system's). */
  now?: () => Date;
  /** The wall clock file mtimes are compared with (default Date.now; tests pass their own). */
  fileNow?: () => number;
  /** Change notification beside the periodic check (default true). */
  notify?: boolean;
  /** The game's autosave period, for the staleness warning (default 30 s). */
  autosaveMs?: number;
}

/** A parse failure in words safe to show: the save's own errors say what is wrong with it;
 * anything else (a worker crash) is told only in the log. */
function failureWords(err: unknown): string {
  if (err instanceof DomainError && !(err instanceof ParseFailedError)) return err.message;
  if (err instanceof ParseFailedError && /took too long|cancelled/.test(err.message)) return err.message;
  if (err instanceof Error && err.name.startsWith('Save')) return err.message;
  return 'The save could not be parsed (the log has the details).';
}

export class SaveWatcher<T extends { stamp: FileStamp }> {
  /** The world folder followed. */
  readonly folder: WorldFolder;
  private lastSeen: FileStamp | null = null;
  /** When (fileNow) lastSeen was first seen with its present value. */
  private seenSince = 0;
  private lastAttempted: FileStamp | null = null;
  /** The stamp of the Level.sav the served world was parsed from (this run). */
  private served: FileStamp | null = null;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private running: Promise<void> | null = null;
  /** A change was notified while a check ran: look again once it may be quiet. */
  private poked = false;
  private signal: AbortSignal | null = null;
  /** A parse in progress, scheduled or requested. */
  private parsing = false;
  private last: ParseRun | null = null;
  private nextAt: Date | null = null;
  /** The folder fs.watch watches, and its watcher. */
  private watched: { dir: string; ino: number; w: FSWatcher } | null = null;
  /** When the last check asked to be repeated sooner than the interval (still being written). */
  private retryInMs: number | null = null;
  /** What keeps the save from being parsed now (no folder, no Level.sav, a failed parse), or
   * null; logged when it changes. */
  private trouble: SaveDirProblem | null = null;
  /** Parses and problems over time: since when the save is read, or not (diagnostics). */
  private readonly track = new LinkTrack();

  constructor(private readonly opts: SaveWatcherOptions<T>) {
    this.folder = typeof opts.world === 'string' ? new WorldFolder(opts.world, () => null, opts.log) : opts.world;
  }

  private now(): Date {
    return this.opts.now ? this.opts.now() : new Date();
  }

  private fileNow(): number {
    return this.opts.fileNow ? this.opts.fileNow() : Date.now();
  }

  start(signal: AbortSignal): void {
    this.signal = signal;
    this.tick();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.nextAt = null;
      this.unwatch();
    });
  }

  /** Looks again now (the game reports another world): a check at once, or right after the
   * one running. */
  poke(): void {
    this.schedule(0);
  }

  /** Runs a check in `ms` unless one is due sooner; a check running now is followed by one. */
  private schedule(ms: number): void {
    if (this.signal?.aborted) return;
    const due = Date.now() + ms;
    if (this.running) {
      this.poked = true;
      return;
    }
    if (this.timer && this.dueAt <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = due;
    this.nextAt = new Date(this.now().getTime() + ms);
    this.timer = setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    this.timer = null;
    this.nextAt = null;
    const signal = this.signal;
    if (!signal || signal.aborted) return;
    this.poked = false;
    this.running = this.check()
      .then(() => undefined)
      .finally(() => {
        this.running = null;
        if (signal.aborted) return;
        this.rewatch();
        // Still being written (or changed during the read): look again once it can be quiet.
        const soon = this.retryInMs ?? (this.poked ? QUIET_MS + 100 : null);
        const idle = this.folder.current().dir ? this.opts.intervalMs : Math.min(this.opts.intervalMs, NO_WORLD_RECHECK_MS);
        this.schedule(soon === null ? idle : Math.min(soon, idle));
      });
  }

  /** fs.watch on the followed world folder: a change there brings the next check forward to
   * when the save can be quiet. Where the file system gives no notification (some network and
   * container mounts), the periodic check does it all. */
  private rewatch(): void {
    if (this.opts.notify === false || this.signal?.aborted) return;
    const dir = this.folder.current().dir;
    let ino = -1;
    try {
      if (dir) ino = statSync(dir).ino;
    } catch {
      ino = -1;
    }
    if (this.watched && this.watched.dir === dir && this.watched.ino === ino) return;
    this.unwatch();
    if (!dir || ino < 0) return;
    try {
      const w = watch(dir, { persistent: false }, () => this.schedule(QUIET_MS + 100));
      w.on('error', () => this.unwatch());
      this.watched = { dir, ino, w };
    } catch {
      // No notification here: the periodic check is the fallback.
    }
  }

  private unwatch(): void {
    this.watched?.w.close();
    this.watched = null;
  }

  /** Waits for a parse in progress (shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  get busy(): boolean {
    return this.parsing;
  }

  /** The last parse attempt of this run (null before one). */
  lastRun(): ParseRun | null {
    return this.last;
  }

  /** Why the save is not being parsed now, in words safe to show (no paths); null when fine. */
  problem(): string | null {
    return this.trouble?.words ?? null;
  }

  /** Since when the save is read well or not, the last good parse and the last failure. */
  link(): LinkState {
    return this.track.state();
  }

  /** The world folder followed, as last looked at. */
  world(): WorldFolderState {
    return this.folder.current();
  }

  /** How old the served world is against the newest save on disk (looked at now). */
  freshness(): Freshness {
    const dir = this.folder.current().dir;
    const disk = dir ? stampOf(join(dir, 'Level.sav')) : null;
    const served = this.served;
    const iso = (s: FileStamp | null) => (s ? new Date(s.mtimeMs).toISOString() : null);
    const behindMs = disk && served ? (sameStamp(disk, served) ? 0 : Math.max(0, disk.mtimeMs - served.mtimeMs)) : null;
    const limit = 2 * (this.opts.autosaveMs ?? DEFAULT_AUTOSAVE_MS);
    // No world served at all while a save exists counts as behind once that save is old enough.
    const unservedMs = disk && !served ? Math.max(0, this.fileNow() - disk.mtimeMs) : 0;
    return {
      servedSaveAt: iso(served),
      newestSaveAt: iso(disk),
      behindSec: behindMs === null ? null : Math.round(behindMs / 1000),
      stale: (behindMs ?? 0) > limit || unservedMs > limit,
    };
  }

  private setProblem(p: SaveDirProblem | null): void {
    if (p?.words === this.trouble?.words) return;
    if (p) {
      this.track.fail(this.now(), p.words);
      this.opts.log('warn', p.log);
    } else if (this.trouble) this.opts.log('info', 'world save: readable again');
    this.trouble = p;
  }

  /** When the next scheduled check is due; null when not watching or a check runs. */
  nextCheckAt(): Date | null {
    return this.nextAt;
  }

  /** The folder to read now: the followed world, re-resolved (a switch of world starts its
   * stamps afresh), or null with the problem set. */
  private worldDir(): string | null {
    const before = this.folder.current().dir;
    const w = this.folder.resolve();
    if (w.dir !== before) {
      this.lastSeen = null;
      this.lastAttempted = null;
      this.served = null;
    }
    if (!w.dir) this.setProblem(w.problem);
    return w.dir;
  }

  /** One check; parses when Level.sav is complete (quiet) and not yet attempted at this stamp. */
  async check(): Promise<CheckOutcome> {
    this.retryInMs = null;
    const dir = this.worldDir();
    if (!dir) return 'missing';
    const stamp = stampOf(join(dir, 'Level.sav'));
    const now = this.fileNow();
    if (!sameStamp(stamp, this.lastSeen)) this.seenSince = now;
    this.lastSeen = stamp;
    if (!stamp) {
      this.setProblem(
        folderProblem(dir) ?? {
          words: 'Level.sav is not readable yet.',
          log: `save folder ${dir}: Level.sav is not readable yet`,
        },
      );
      return 'missing';
    }
    if (sameStamp(stamp, this.lastAttempted)) return 'unchanged';
    // Quiet: its mtime is QUIET_MS old, or (an mtime from a clock ahead of ours) the same stamp
    // has been seen for QUIET_MS.
    const age = now - stamp.mtimeMs;
    const seenFor = now - this.seenSince;
    if (age < QUIET_MS && seenFor < QUIET_MS) {
      this.retryInMs = Math.max(100, QUIET_MS - Math.max(age, seenFor) + 100);
      return 'waiting';
    }
    // A requested parse is reading this folder now; look again soon.
    if (this.parsing) {
      this.retryInMs = QUIET_MS;
      return 'waiting';
    }
    this.lastAttempted = stamp;
    this.parsing = true;
    const t0 = performance.now();
    try {
      // Served only if it is the file checked: it changed between the check and the read else.
      const out = await this.parseAndServe(dir, (read) => sameStamp(read, stamp));
      if (!out) {
        this.lastAttempted = null;
        this.retryInMs = QUIET_MS + 100;
        return 'waiting';
      }
      this.record('watcher', t0, out.stamp.size, null);
      return 'parsed';
    } catch (err) {
      if (err instanceof TornReadError) {
        this.lastAttempted = null;
        this.retryInMs = QUIET_MS + 100;
        return 'waiting';
      }
      // A parse cancelled by shutdown is not a problem of the save.
      if (!this.signal?.aborted) {
        const words = failureWords(err);
        this.opts.log('warn', 'world save could not be parsed; the last good world stays served', err);
        this.record('watcher', t0, stamp.size, words);
        this.trouble = { words, log: words }; // logged just above, with the error itself
      }
      return 'failed';
    } finally {
      this.parsing = false;
    }
  }

  /**
   * Parses the folder now, whatever its stamps (the admin knows the game just saved). Throws
   * ParseRunningError while any parse runs, a ConflictError when there is no Level.sav; a
   * failed parse resolves with `ok: false` and its reason (the last good world stays served).
   */
  async parseNow(): Promise<ParseRun> {
    if (this.parsing) throw new ParseRunningError();
    const dir = this.worldDir();
    const stamp = dir ? stampOf(join(dir, 'Level.sav')) : null;
    if (!dir || !stamp) throw new ConflictError('conflict', this.problem() ?? 'The save folder has no Level.sav to parse yet.');
    this.parsing = true;
    const t0 = performance.now();
    try {
      const out = (await this.parseAndServe(dir, () => true))!;
      return this.record('manual', t0, out.stamp.size, null);
    } catch (err) {
      if (!(err instanceof TornReadError)) this.opts.log('warn', 'world save could not be parsed; the last good world stays served', err);
      const words =
        err instanceof TornReadError ? 'The game was writing Level.sav during the read; try again in a moment.' : failureWords(err);
      return this.record('manual', t0, stamp.size, words);
    } finally {
      this.parsing = false;
    }
  }

  /**
   * The steps every parse shares, scheduled or asked for: parse the folder, and when `accept`
   * takes the stamp read, apply the result and serve it (the scheduled checks need not parse
   * that stamp again; the save is readable). Null when the read was not accepted.
   */
  private async parseAndServe(dir: string, accept: (read: FileStamp) => boolean): Promise<T | null> {
    const out = await this.opts.parse(dir);
    if (!accept(out.stamp)) return null;
    this.opts.apply(out);
    this.lastAttempted = out.stamp;
    this.served = out.stamp;
    this.setProblem(null);
    return out;
  }

  private record(trigger: ParseRun['trigger'], t0: number, bytes: number | null, error: string | null): ParseRun {
    const at = this.now();
    if (error === null) this.track.ok(at);
    else this.track.fail(at, error);
    this.last = {
      finishedAt: at.toISOString(),
      ok: error === null,
      error,
      durationMs: Math.round(performance.now() - t0),
      levelSavBytes: bytes,
      trigger,
    };
    return this.last;
  }
}
