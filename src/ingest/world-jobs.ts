// The panel's view of the save watcher: its state for GET /world and /server/health, and the
// admin's "parse now", audited here (the parse changes the world database, not a panel row,
// so its audit row is its own write once the outcome is known).
import type { Actor } from '../domain/actor.js';
import { ParseRunningError, NotConfiguredError } from '../domain/errors.js';
import type { Store } from '../store/index.js';
import type { WorldFolderState } from './world-folder.js';
import type { ParseRun, FollowedWorld, Freshness, FreshnessState } from '../contract/panel/world.js';

const followed = (w: WorldFolderState): FollowedWorld => ({ id: w.id, how: w.how, worlds: w.worlds });

function withWords(f: Freshness): FreshnessState {
  const behind = f.behindSec ?? 0;
  const span = behind >= 120 ? `${Math.round(behind / 60)} min` : `${behind} s`;
  const words =
    f.newestSaveAt === null
      ? 'No save on disk yet.'
      : f.servedSaveAt === null
        ? f.stale
          ? 'The save on disk has not been read yet, though it was written a while ago.'
          : 'The save on disk is being read.'
        : behind === 0
          ? 'The world served is the newest save on disk.'
          : f.stale
            ? `The world served is ${span} behind the newest save on disk: more than two autosaves.`
            : `A newer save (${span} newer) is on disk and is read once the game has finished writing it.`;
  return { ...f, words };
}

/** What the jobs need of the save watcher (SaveWatcher satisfies it, whatever it parses into). */
export interface ParseRunner {
  readonly busy: boolean;
  world(): WorldFolderState;
  freshness(): Freshness;
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
      world: watcher ? followed(watcher.world()) : null,
      freshness: watcher ? withWords(watcher.freshness()) : null,
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

export type { ParseRun, FollowedWorld, Freshness, FreshnessState } from '../contract/panel/world.js';

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
  /** The world folder followed; null when not watching. */
  world: FollowedWorld | null;
  /** How old the served world is against the newest save on disk; null when not watching. */
  freshness: FreshnessState | null;
}

export interface WorldJobs {
  state(): WorldJobState;
  /** Parses now, whatever the stamps, and audits it; throws ParseRunningError while a parse
   * runs. A failed parse resolves with `ok: false` and its reason (the last good world stays). */
  parseNow(actor: Actor): Promise<ParseRun>;
}
