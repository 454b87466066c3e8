// The items a parse left unread, read in the background right after the swap (and after start-up,
// for the world restored from the store): a fresh worker reads the kept file, maps and encodes the
// items, and the world served takes them, so the first item request finds them read instead of
// decoding them on the main thread. The worker starts only once the parse worker has ended, and
// the next parse waits for it, so their memory never adds up.
import type { Logger } from '../lib/logger.js';
import type { WorldRepo } from '../store/world.js';
import { readItemsInWorker } from './parse-worker-host.js';

export class BackgroundItems {
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly world: WorldRepo,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
  ) {}

  /** Reads the current world's pending items, if it has any, after any read under way. */
  start(): void {
    this.reading = this.reading.then(() => this.readPending());
  }

  /** Resolves once no read is under way. */
  idle(): Promise<void> {
    return this.reading;
  }

  private async readPending(): Promise<void> {
    const parsedAt = this.world.pendingItemsOf();
    if (parsedAt === undefined || this.signal.aborted) return;
    try {
      const read = readItemsInWorker({ worldFile: this.world.file, parsedAt }, this.signal).then((r) => {
        this.world.takeItems(parsedAt, r);
        return r;
      });
      // Item requests meanwhile wait for this read rather than decode the items themselves.
      this.world.expectItems(
        read.then(
          () => undefined,
          () => undefined,
        ),
      );
      const done = await read;
      if (done) this.log('info', `world items read in the background (${done.ms.toFixed(0)} ms)`);
    } catch (err) {
      // The first item request reads them itself, as before this existed.
      if (!this.signal.aborted)
        this.log('warn', `items were not read in the background: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
