// The periodic driver shared by both pollers. It reads the clock through `now()` and waits
// through injected timers, so tests can run it on a fake clock; the logic it drives receives
// `now` as a value. Gaps are measured from the start of one attempt to the start of the next,
// so a slow answer does not push later attempts back. One AbortSignal (or `stop()`) ends it
// and aborts the attempt in flight.
import { nextGap } from './backoff.js';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** One attempt: true on success. Must not reject; a rejection is reported and counts as a failure. */
export type Attempt = (now: Date, signal: AbortSignal) => Promise<boolean>;

export interface PollLoopOptions {
  intervalMs: number;
  now: () => Date;
  timers?: Timers;
  attempt: Attempt;
  onError?: (err: unknown) => void;
}

export class PollLoop {
  private readonly timers: Timers;
  private handle: unknown = null;
  private inFlight: Promise<void> | null = null;
  private controller: AbortController | null = null;
  private failures = 0;
  private outerSignal: AbortSignal | null = null;
  private readonly onOuterAbort = (): void => void this.stop();

  constructor(private readonly opts: PollLoopOptions) {
    if (!(opts.intervalMs > 0)) throw new RangeError('The poll interval must be positive.');
    this.timers = opts.timers ?? realTimers;
  }

  get running(): boolean {
    return this.controller !== null;
  }

  /** Starts polling now; a no-op when already running. */
  start(signal?: AbortSignal): void {
    if (this.controller || signal?.aborted) return;
    this.controller = new AbortController();
    if (signal) {
      this.outerSignal = signal;
      signal.addEventListener('abort', this.onOuterAbort, { once: true });
    }
    this.tick();
  }

  /** Stops: no further attempt, the one in flight is aborted; resolves once it has settled. */
  async stop(): Promise<void> {
    const c = this.controller;
    if (!c) return;
    this.controller = null;
    this.outerSignal?.removeEventListener('abort', this.onOuterAbort);
    this.outerSignal = null;
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
    c.abort();
    await this.inFlight;
  }

  private tick(): void {
    this.handle = null;
    const c = this.controller;
    if (!c) return;
    const startedAt = this.opts.now();
    const run = async (): Promise<void> => {
      let ok = false;
      try {
        ok = await this.opts.attempt(startedAt, c.signal);
      } catch (err) {
        this.opts.onError?.(err);
      }
      if (c.signal.aborted) return;
      this.failures = ok ? 0 : this.failures + 1;
      const gap = nextGap(this.opts.intervalMs, this.failures);
      const elapsed = this.opts.now().getTime() - startedAt.getTime();
      this.handle = this.timers.setTimeout(() => this.tick(), Math.max(0, gap - elapsed));
    };
    this.inFlight = run();
  }
}
