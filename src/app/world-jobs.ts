// The panel's view of the save watcher: its state for GET /world and /server/health, and the
// admin's "parse now", audited here (the parse changes the world database, not a panel row,
// so its audit row is its own write once the outcome is known).
import type { ParseRun, WorldJobs } from '../http/server-ports.js';
import { ConflictError, ParseRunningError } from '../lib/errors.js';
import type { Store } from '../store/index.js';

/** What the jobs need of the save watcher (SaveWatcher satisfies it, whatever it parses into). */
export interface ParseRunner {
  readonly busy: boolean;
  lastRun(): ParseRun | null;
  nextCheckAt(): Date | null;
  problem(): string | null;
  parseNow(): Promise<ParseRun>;
}

export function createWorldJobs(watcher: ParseRunner | null, intervalMs: number, store: Store): WorldJobs {
  return {
    state: () => ({
      enabled: watcher !== null,
      running: watcher?.busy ?? false,
      lastRun: watcher?.lastRun() ?? null,
      nextCheckAt: watcher?.nextCheckAt()?.toISOString() ?? null,
      intervalMs: watcher ? intervalMs : null,
      problem: watcher?.problem() ?? null,
    }),
    async parseNow(actor) {
      if (!watcher) {
        throw new ConflictError('conflict', 'palpanel has no save folder configured (SERVICE_SAVE_DIR), so there is nothing to parse.');
      }
      try {
        const run = await watcher.parseNow();
        store.audit.note({ actor, action: 'world.parse', target: '', detail: run.ok ? 'parsed' : `failed: ${run.error}` });
        return run;
      } catch (err) {
        if (err instanceof ParseRunningError) store.audit.note({ actor, action: 'world.parse', target: '' }, 'parse_running');
        throw err;
      }
    },
  };
}
