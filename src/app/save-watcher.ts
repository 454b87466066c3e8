// Watches SERVICE_SAVE_DIR. The game rewrites Level.sav in place, so a file is parsed only when
// its size and mtime stayed the same across two checks, and a stamp is parsed at most once
// (a corrupt file is not re-read on every check; the last good world stays served).
import { join } from 'node:path';
import type { Logger } from './logger.js';
import { sameStamp, stampOf, TornReadError, type FileStamp } from './save-files.js';

export interface SaveWatcherOptions<T extends { stamp: FileStamp }> {
  saveDir: string;
  intervalMs: number;
  /** Parses the folder; the result carries the Level.sav stamp it read. */
  parse: (saveDir: string) => Promise<T>;
  /** Applies a good result (store swap, events). */
  apply: (out: T) => void;
  log: Logger;
}

export class SaveWatcher<T extends { stamp: FileStamp }> {
  private lastSeen: FileStamp | null = null;
  private lastAttempted: FileStamp | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private signal: AbortSignal | null = null;

  constructor(private readonly opts: SaveWatcherOptions<T>) {}

  start(signal: AbortSignal): void {
    this.signal = signal;
    const tick = () => {
      if (signal.aborted) return;
      this.running = this.check().then(() => undefined).finally(() => {
        this.running = null;
        if (!signal.aborted) this.timer = setTimeout(tick, this.opts.intervalMs);
      });
    };
    tick();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
    });
  }

  /** Waits for a parse in progress (shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** One check; parses when Level.sav is stable and not yet attempted at this stamp. */
  async check(): Promise<'parsed' | 'waiting' | 'unchanged' | 'failed' | 'missing'> {
    const stamp = stampOf(join(this.opts.saveDir, 'Level.sav'));
    const previous = this.lastSeen;
    this.lastSeen = stamp;
    if (!stamp) return 'missing';
    if (!sameStamp(stamp, previous)) return 'waiting';
    if (sameStamp(stamp, this.lastAttempted)) return 'unchanged';
    this.lastAttempted = stamp;
    try {
      const out = await this.opts.parse(this.opts.saveDir);
      if (!sameStamp(out.stamp, stamp)) {
        // It changed between our checks and the read: try again once it settles.
        this.lastAttempted = null;
        return 'waiting';
      }
      this.opts.apply(out);
      return 'parsed';
    } catch (err) {
      if (err instanceof TornReadError) {
        this.lastAttempted = null;
        this.lastSeen = null;
        return 'waiting';
      }
      // A parse cancelled by shutdown is not a problem of the save.
      if (!this.signal?.aborted) this.opts.log('warn', 'world save could not be parsed; the last good world stays served', err);
      return 'failed';
    }
  }
}
