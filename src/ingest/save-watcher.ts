// Watches SERVICE_SAVE_DIR. The game rewrites Level.sav in place, so a file is parsed only when
// its size and mtime stayed the same across two checks, and a stamp is parsed at most once
// (a corrupt file is not re-read on every check; the last good world stays served).
// An admin can also ask for a parse now (`parseNow`, the panel's POST /world/parse); one parse
// runs at a time, whoever started it: a second request while one runs is refused, and a
// scheduled check skips its parse while a requested one runs.
import { join } from 'node:path';
import { ConflictError, DomainError, ParseRunningError } from '../lib/errors.js';
import type { ParseRun } from './world-jobs.js';
import type { Logger } from '../lib/logger.js';
import { ParseFailedError } from './parse-worker-host.js';
import { diagnoseSaveDir, sameStamp, stampOf, TornReadError, type FileStamp, type SaveDirProblem } from './save-files.js';

/** A Level.sav not modified for this long is not being written: the first check parses it at
 * once instead of waiting a second check for the stamps to agree. */
export const SETTLED_MS = 5_000;

export interface SaveWatcherOptions<T extends { stamp: FileStamp }> {
  saveDir: string;
  intervalMs: number;
  /** Parses the folder; the result carries the Level.sav stamp it read. */
  parse: (saveDir: string) => Promise<T>;
  /** Applies a good result (store swap, events). */
  apply: (out: T) => void;
  log: Logger;
  /** Clock of the parse records (default: the system's). */
  now?: () => Date;
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
  private lastSeen: FileStamp | null = null;
  private lastAttempted: FileStamp | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private signal: AbortSignal | null = null;
  /** A parse in progress, scheduled or requested. */
  private parsing = false;
  private last: ParseRun | null = null;
  private nextAt: Date | null = null;
  /** What keeps the save from being parsed now (no folder, no Level.sav, a failed parse), or
   * null; logged when it changes. */
  private trouble: SaveDirProblem | null = null;

  constructor(private readonly opts: SaveWatcherOptions<T>) {}

  private now(): Date {
    return this.opts.now ? this.opts.now() : new Date();
  }

  start(signal: AbortSignal): void {
    this.signal = signal;
    const tick = () => {
      this.nextAt = null;
      if (signal.aborted) return;
      this.running = this.check()
        .then(() => undefined)
        .finally(() => {
          this.running = null;
          if (!signal.aborted) {
            this.nextAt = new Date(this.now().getTime() + this.opts.intervalMs);
            this.timer = setTimeout(tick, this.opts.intervalMs);
          }
        });
    };
    tick();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
      this.nextAt = null;
    });
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

  private setProblem(p: SaveDirProblem | null): void {
    if (p?.words === this.trouble?.words) return;
    if (p) this.opts.log('warn', p.log);
    else if (this.trouble) this.opts.log('info', 'world save: readable again');
    this.trouble = p;
  }

  /** When the next scheduled check is due; null when not watching or a check runs. */
  nextCheckAt(): Date | null {
    return this.nextAt;
  }

  /** One check; parses when Level.sav is stable and not yet attempted at this stamp. */
  async check(): Promise<'parsed' | 'waiting' | 'unchanged' | 'failed' | 'missing'> {
    const stamp = stampOf(join(this.opts.saveDir, 'Level.sav'));
    const previous = this.lastSeen;
    this.lastSeen = stamp;
    if (!stamp) {
      this.setProblem(
        diagnoseSaveDir(this.opts.saveDir) ?? {
          words: 'Level.sav is not readable yet.',
          log: `save folder ${this.opts.saveDir}: Level.sav is not readable yet`,
        },
      );
      return 'missing';
    }
    // Stable: the same stamp as at the last check, or, at the first check, a file last written
    // a while ago (so the first parse starts at start-up, not one interval later).
    const settled = previous === null && this.now().getTime() - stamp.mtimeMs >= SETTLED_MS;
    if (!sameStamp(stamp, previous) && !settled) return 'waiting';
    if (sameStamp(stamp, this.lastAttempted)) return 'unchanged';
    // A requested parse is reading this folder now; look again at the next check.
    if (this.parsing) return 'waiting';
    this.lastAttempted = stamp;
    this.parsing = true;
    const t0 = performance.now();
    try {
      const out = await this.opts.parse(this.opts.saveDir);
      if (!sameStamp(out.stamp, stamp)) {
        // It changed between our checks and the read: try again once it settles.
        this.lastAttempted = null;
        return 'waiting';
      }
      this.opts.apply(out);
      this.record('watcher', t0, out.stamp.size, null);
      this.setProblem(null);
      return 'parsed';
    } catch (err) {
      if (err instanceof TornReadError) {
        this.lastAttempted = null;
        this.lastSeen = null;
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
    const stamp = stampOf(join(this.opts.saveDir, 'Level.sav'));
    if (!stamp) throw new ConflictError('conflict', 'The save folder has no Level.sav to parse yet.');
    this.parsing = true;
    const t0 = performance.now();
    try {
      const out = await this.opts.parse(this.opts.saveDir);
      this.opts.apply(out);
      // The scheduled checks need not parse this stamp again.
      this.lastAttempted = out.stamp;
      this.setProblem(null);
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

  private record(trigger: ParseRun['trigger'], t0: number, bytes: number | null, error: string | null): ParseRun {
    this.last = {
      finishedAt: this.now().toISOString(),
      ok: error === null,
      error,
      durationMs: Math.round(performance.now() - t0),
      levelSavBytes: bytes,
      trigger,
    };
    return this.last;
  }
}
