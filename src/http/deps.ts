// What the HTTP layer needs from the rest of palpanel, injected by the composition root
// (src/app/serve.ts) and by tests. Live data comes through `LiveSource`, so the pollers stay
// replaceable and tests use plain values.
import type { Settings } from '../config/settings.js';
import type { BaseWorker, LiveSnapshot, WorldSummary, WorldWorkers } from '../lib/live.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import type { LiveFeed } from './stream/feed.js';
import type { ServerPorts } from './server-ports.js';

/** Same shape as src/app/logger.ts `Logger`. */
export type Logger = (level: 'info' | 'warn' | 'error', msg: string, detail?: unknown) => void;

/** The spec's `/world/summary` data object (interface.md: counts mapping, timestamps omitted
 * until there is one), `/world/workers` data and one worker row. */
export type WorldSummaryData = WorldSummary;
export type WorldWorkersData = WorldWorkers;
export type WorldWorker = BaseWorker;

export interface LiveSource {
  /** Before any poll: `{reachable: false, info: null, metrics: null, players: [], capturedAt: null}`. */
  snapshot(): LiveSnapshot;
  /** `state: 'disabled'` when the game-data poller is off. */
  worldSummary(): WorldSummaryData;
  worldWorkers(): WorldWorkersData;
}

/** The game's admin actions the panel needs (src/app/game-actions.ts over the REST client).
 * Failures are domain errors: GameUnavailableError (503), ConflictError (the game said no). */
export interface ModerationActions {
  kick(userId: string, reason?: string): Promise<void>;
  ban(userId: string, reason?: string): Promise<void>;
  unban(userId: string): Promise<void>;
  /** A message to everyone in the game. */
  announce(message: string): Promise<void>;
}

export interface HttpDeps {
  store: Store;
  live: LiveSource;
  settings: Pick<Settings, 'integrationRateLimit' | 'sessionTtlMs'>;
  clock: Clock;
  log: Logger;
  /** Absent without a game URL: moderation answers 503 `game_unavailable`. */
  moderation?: ModerationActions;
  /** palpanel's version (OpenAPI `info.version`). */
  version: string;
  /** The live feed of `/events/stream` (serve.ts feeds it the poller's snapshots); createHandler
   * makes one over the store's event log when absent. */
  feed?: LiveFeed;
  /** Game actions, parse jobs and health for the panel's server and world routes; absent: no
   * game server and no save folder (actions answer 503 `game_unavailable`). */
  server?: ServerPorts;
}

/** The LiveSource value before any poller exists (e.g. `palpanel` without a game URL). */
export const EMPTY_LIVE: LiveSource = {
  snapshot: () => ({ reachable: false, info: null, metrics: null, players: [], capturedAt: null }),
  worldSummary: () => ({
    state: 'disabled',
    fps: 0,
    fpsAvg: 0,
    counts: { players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 },
    activity: { working: 0, transporting: 0, eating: 0, sleeping: 0, idle: 0, inactive: 0, combat: 0, incapacitated: 0, moving: 0, unknown: 0 },
    linkedBasePals: 0,
  }),
  worldWorkers: () => ({ state: 'disabled', workers: [] }),
};
