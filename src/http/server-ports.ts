// What the panel's server and world routes need of the running palpanel beyond the store and
// the pollers' caches: the game's admin actions, the save watcher's parse jobs, and the health
// of palpanel's own parts. Implemented in src/app (game-actions.ts, world-jobs.ts, panel-ports.ts)
// and injected through HttpDeps.server; absent, the routes answer as for a palpanel without a
// game server or save folder.
import type { MapActor } from '../game/game-data-map.js';
import type { Actor } from '../lib/actor.js';
import type { GameDataState } from '../lib/live.js';
import type { ParseWarning, WorldMeta } from '../lib/world.js';

export type SettingValue = string | number | boolean | string[];

/** The game's admin actions. Each audits itself (actor as given) and throws
 * GameUnavailableError (503 `game_unavailable`) when the game did not answer or refused. */
export interface GameActions {
  /** The game's settings as its REST API reports them (cached briefly); null when unreadable. */
  settings(): Promise<Record<string, SettingValue> | null>;
  announce(message: string, actor: Actor): Promise<void>;
  save(actor: Actor): Promise<void>;
  /** Asks the game to shut down after `delaySec`, telling players `message`; resolves with the
   * time it will stop once the game accepted. */
  shutdown(delaySec: number, message: string, actor: Actor): Promise<{ shutdownAt: string }>;
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

export interface PollerHealth {
  state: string;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  /** The last failure in words, null when the last attempt succeeded. */
  lastError: string | null;
  /** Failed polls since start (the REST poller's; absent for the game-data poller). */
  failedPolls?: number;
}

export interface PollerReport {
  /** null: no game server configured. */
  rest: PollerHealth | null;
  gameData: PollerHealth | null;
}

export interface DiskReport {
  freeBytes: number;
  totalBytes: number;
}

/** The game-data poller's live map actors (names, guilds, positions) and its state. */
export interface LiveMap {
  state: GameDataState;
  capturedAt: string | null;
  actors: MapActor[];
}

export interface ServerPorts {
  game: GameActions | null;
  world: WorldJobs | null;
  pollers(): PollerReport;
  /** null when no game server is configured. */
  liveMap(): LiveMap | null;
  /** The file system holding the data dir; null when it cannot be read. */
  disk(): Promise<DiskReport | null>;
}

export type { MapActor, ParseWarning, WorldMeta };
