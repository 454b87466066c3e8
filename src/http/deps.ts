// What the HTTP layer needs from the rest of palpanel, injected by the composition root
// (src/app/serve.ts) and by tests. Live data comes through `LiveSource`, so the pollers stay
// replaceable and tests use plain values.
import type { WebAssets } from './web/assets.js';
import type { Settings } from '../config/settings.js';
import type { Actor } from '../lib/actor.js';
import type { BanRecord } from '../store/moderation.js';
import type { BaseWorker, LiveSnapshot, WorldSummary, WorldWorkers } from '../lib/live.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import type { LiveFeed } from './stream/feed.js';
import type { ServerPorts } from './server-ports.js';
import type { BackupPorts } from './backup-ports.js';
import type { ConsolePort } from './console-port.js';
import type { ConfigPort } from './config-port.js';

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

/** Moderation through the game's REST API (src/app/moderation-actions.ts). Each action records
 * itself: on success the store's row (a ban, the audit entry) in one write, on failure a refused
 * audit entry; failures are domain errors (GameUnavailableError 503, ConflictError when the game
 * said no). */
export interface ModerationActions {
  /** `uid`: the save uid key (upper-case, no dashes). `moderationEvent`: the panel-only
   * `moderation` event written with the audit row (the whitelist's kicks). */
  kick(actor: Actor, p: { userId: string; uid: string }, reason: string | null, moderationEvent?: string): Promise<void>;
  ban(actor: Actor, p: { userId: string; uid: string | null; name: string }, reason: string | null): Promise<BanRecord>;
  unban(actor: Actor, p: { userId: string; uid: string | null }, reason: string | null): Promise<void>;
  /** A message to everyone in the game from palpanel itself (join and leave templates; not
   * audited: no one changed anything). */
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
  /** Backups and restore (src/app/backups.ts); absent: the backup routes answer 409 saying why. */
  backups?: BackupPorts;
  /** The console over RCON (src/app/console.ts); absent: exec answers 503 saying RCON is not set up. */
  console?: ConsolePort;
  /** The configuration editor (src/app/config-editor.ts); absent: no SERVICE_CONFIG_FILE. */
  config?: ConfigPort;
  /** The web UI's files; absent: paths outside /api/ answer that the UI is not built. */
  web?: WebAssets | null;
  /** A map tile URL template the host configures (SERVICE_MAP_TILE_URL); the live map draws it. */
  mapTileUrl?: string | null;
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
