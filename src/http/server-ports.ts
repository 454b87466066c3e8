// What the panel's server and world routes need of the running palpanel beyond the store and
// the pollers' caches: the game's admin actions, the save watcher's parse jobs, and the health
// of palpanel's own parts. Implemented in src/app (game-actions.ts, world-jobs.ts, panel-ports.ts)
// and injected through HttpDeps.server; absent, the routes answer as for a palpanel without a
// game server or save folder.
import type { MapActor } from '../game/game-data-map.js';
import type { GameActions } from '../actions/game-actions.js';
import type { Countdowns } from '../actions/countdown.js';
import type { WorldJobs } from '../ingest/world-jobs.js';
import type { GameDataState } from '../contract/vocabulary.js';
import type { ParseWarning, WorldMeta } from '../domain/world.js';
import type { PollerHealth } from '../contract/panel/server.js';

export type { PollerHealth } from '../contract/panel/server.js';

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
  /** The shutdown and restart countdown; null without a game server (absent in tests that need none). */
  countdown?: Pick<Countdowns, 'start' | 'current' | 'cancel'> | null;
  world: WorldJobs | null;
  pollers(): PollerReport;
  /** null when no game server is configured. */
  liveMap(): LiveMap | null;
  /** The file system holding the data dir; null when it cannot be read. */
  disk(): Promise<DiskReport | null>;
}

export type { MapActor, ParseWarning, WorldMeta };
