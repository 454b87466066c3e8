// What the HTTP layer needs from the rest of palpanel, injected by the composition root
// (src/app/serve.ts) and by tests. Live data comes through `LiveSource`, so the pollers stay
// replaceable and tests use plain values.
import type { WebAssets } from './web/assets.js';
import type { MapTiles } from './web/map-tiles.js';
import type { Logger } from '../lib/logger.js';
import type { Settings } from '../config/settings.js';
import type { ModerationActions } from '../actions/moderation-actions.js';
import type { LiveSource } from '../poller/live-source.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import type { LiveFeed } from './stream/feed.js';
import type { ServerPorts } from './server-ports.js';
import type { BackupPorts } from '../backups/types.js';
import type { ConsolePort } from '../actions/console-port.js';
import type { ConfigPort } from '../actions/config-port.js';
import type { ItemGranter } from '../actions/item-granter.js';
import type { WorldOptionReport } from '../ingest/world-option.js';
import type { DiagnosticsPorts } from './panel/diagnostics/ports.js';
import type { ResourceReadings } from '../domain/resources.js';
import type { GameStarter } from '../actions/game-start.js';

import type { GameLogPage, GameLogQuery } from '../contract/panel/game-log.js';
import type { GameLogSource } from './stream/game-log-sse.js';

export interface HttpDeps {
  store: Store;
  live: LiveSource;
  /** The public URL, trusted proxies and listen address are absent in tests that need none. */
  settings: Pick<Settings, 'integrationRateLimit' | 'sessionTtlMs'> &
    Partial<Pick<Settings, 'publicUrl' | 'trustedProxies' | 'listen' | 'require2fa' | 'timezone' | 'gameLanguage'>>;
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
  /** Since when each link works or fails, and the backup disk (the diagnostics route). */
  diagnostics?: DiagnosticsPorts;
  /** Backups and restore (src/backups/); absent: the backup routes answer 409 saying why. */
  backups?: BackupPorts;
  /** The console over RCON (console.ts); absent (RCON off, a normal state): its routes answer 409
   * saying the console needs RCON. */
  console?: ConsolePort;
  /** Item grants through PalDefender (item-granter.ts); absent: the routes say how to set it up. */
  items?: ItemGranter;
  /** The followed world's WorldOption.sav (ingest/world-option.ts); absent: no save folder. */
  worldOption?: () => Promise<WorldOptionReport | null>;
  /** The configuration editor (config-editor.ts); absent: no SERVICE_CONFIG_FILE. */
  config?: ConfigPort;
  /** The web UI's files; absent: paths outside /api/ answer that the UI is not built. */
  web?: WebAssets | null;
  /** A map tile URL template the host configures (SERVICE_MAP_TILE_URL); the live map draws it. */
  mapTileUrl?: string | null;
  /** The host's own tile folder (SERVICE_MAP_TILES_DIR, map-tiles.ts), served at /map-tiles/; wins over mapTileUrl. */
  mapTiles?: MapTiles | null;
  /** SERVICE_WEBHOOK_ALLOW_PRIVATE: a webhook may name a loopback, link-local or private address. */
  webhookAllowPrivate?: boolean;
  /** The machine's and the game process's resources, and Start (issue 40); absent: not sampled. */
  operate?: OperatePorts;
  /** The game's log followed (SERVICE_GAME_LOG or SERVICE_GAME_LOG_COMMAND); absent or null: none. */
  gameLog?: ({ page(q: GameLogQuery): GameLogPage } & GameLogSource) | null;
}

export interface OperatePorts {
  resources: ResourceReadings;
  /** Null without SERVICE_GAME_START_COMMAND. */
  starter: GameStarter | null;
  /** SERVICE_GAME_DOWN_BOUND. */
  downBoundMs: number;
}
