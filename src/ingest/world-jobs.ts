// The panel's view of the save watcher: its state for GET /world and /server/health, and the
// admin's "parse now", audited here (the parse changes the world database, not a panel row,
// so its audit row is its own write once the outcome is known).
import type { Actor } from '../lib/actor.js';
import { ParseRunningError, NotConfiguredError } from '../lib/errors.js';
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
        throw new NotConfiguredError('saveFolder');
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

/** The last completed parse of the save folder as the watcher saw it (durations, file size). */
export interface ParseRun {
  finishedAt: string;
  ok: boolean;
  /** Why it failed, in words; null when it succeeded. */
  error: string | null;
  durationMs: number;
  levelSavBytes: number | null;
  trigger: 'watcher' | 'manual';
}

export interface WorldJobState {
  /** Is a save folder configured at all. */
  enabled: boolean;
  running: boolean;
  lastRun: ParseRun | null;
  /** When the watcher looks at Level.sav next; null when it is not watching. */
  nextCheckAt: string | null;
  intervalMs: number | null;
  /** Why the save is not parsed now (no folder, no Level.sav, not readable, a failed parse),
   * in words without paths; null when it is fine or not watched. */
  problem: string | null;
}

export interface WorldJobs {
  state(): WorldJobState;
  /** Parses now, whatever the stamps, and audits it; throws ParseRunningError while a parse
   * runs. A failed parse resolves with `ok: false` and its reason (the last good world stays). */
  parseNow(actor: Actor): Promise<ParseRun>;
}
