// One shutdown path: background jobs share one AbortSignal; closers run in reverse start order
// under a deadline, so SIGTERM finishes in-flight work (at most 5 s) and then flushes the store.
import type { Logger } from '../lib/logger.js';

export class Lifecycle {
  private readonly controller = new AbortController();
  private readonly closers: { name: string; close: () => Promise<void> | void }[] = [];
  private stopping: Promise<void> | null = null;

  constructor(private readonly log: Logger) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Registers something to close at shutdown; closed in reverse order of registration. */
  onClose(name: string, close: () => Promise<void> | void): void {
    this.closers.push({ name, close });
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.controller.abort();
      for (const c of [...this.closers].reverse()) {
        try {
          await c.close();
        } catch (err) {
          this.log('error', `shutdown: ${c.name} failed`, err);
        }
      }
    })();
    return this.stopping;
  }
}
