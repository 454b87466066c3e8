// The game link of `palpanel serve`: the REST client, the poller of its player list and state
// (with the moderation its roster drives), and the game-data poller. Without a game URL there is
// none, and the panel says the game server is not configured.
import { gameWords } from '../actions/game-words/format.js';
import type { Settings } from '../config/settings.js';
import { GameRestClient } from '../game/rest-client.js';
import { moderationActions, type ModerationActions } from '../actions/moderation-actions.js';
import { Moderator } from '../actions/whitelist-moderator.js';
import { SYSTEM_PASSWORD_REFUSED, SYSTEM_REACHABLE, SYSTEM_UNREACHABLE } from '../domain/event-texts.js';
import { playerIdOfSaveUid } from '../domain/player-id.js';
import type { Clock } from '../lib/time.js';
import type { Logger } from '../lib/logger.js';
import { GameDataPoller } from '../poller/game-data-poller.js';
import { RestPoller, type RestPollerOptions } from '../poller/rest-poller.js';
import type { Store } from '../store/index.js';
import { logRestState } from './activity-log.js';
import type { Lifecycle } from './shutdown.js';

export interface GameLink {
  rest: RestPoller | null;
  gameData: GameDataPoller | null;
  client: GameRestClient | null;
  moderation: ModerationActions | undefined;
}

/**
 * What the previous run's log last said about the game (RestPollerOptions.resume). Read before
 * its open sessions are closed; names come from the save (the sessions hold none).
 */
export function resumeState(store: Store): RestPollerOptions['resume'] {
  const last = store.events.lastSystemOf([SYSTEM_REACHABLE, SYSTEM_UNREACHABLE, SYSTEM_PASSWORD_REFUSED]);
  if (last === null) return undefined;
  if (last !== SYSTEM_REACHABLE) return { reachable: false, online: [], refused: last === SYSTEM_PASSWORD_REFUSED };
  const saved = new Map(store.world.allPlayers().map((p) => [playerIdOfSaveUid(p.uid), p]));
  const online = store.history.openSessions().map((s) => {
    const p = saved.get(s.playerId.toUpperCase());
    return { playerId: s.playerId, name: p?.name ?? '', level: p?.level ?? 0, lastSeen: new Date(s.lastSeenAt) };
  });
  return { reachable: true, online };
}

/** Starts the game's pollers; `onSnapshot` receives each REST snapshot (metrics, the live feed, the world switch). */
export function startGameLink(
  settings: Settings,
  store: Store,
  clock: Clock,
  life: Lifecycle,
  log: Logger,
  resume: RestPollerOptions['resume'],
  onSnapshot: RestPollerOptions['onSnapshot'],
  /** A stop palpanel asks the game for (the crash watch: not a crash). */
  onStopAsked?: () => void,
): GameLink {
  if (!settings.gameRestUrl) return { rest: null, gameData: null, client: null, moderation: undefined };
  const client = new GameRestClient({ baseUrl: settings.gameRestUrl, password: settings.gameAdminPassword ?? '', onStopAsked });
  life.onClose('game client', () => client.close());
  const onError = (err: unknown) => log('warn', 'poller', err);
  const moderation = moderationActions(client, store);
  const moderator = new Moderator(store, moderation, log, gameWords(settings.gameLanguage));
  life.onClose('moderation', () => moderator.idle());
  const stateLog = logRestState(log, () => rest.lastError());
  const rest: RestPoller = new RestPoller({
    source: client,
    intervalMs: settings.pollIntervalMs,
    events: store.events,
    presence: store.history,
    roster: moderator.roster,
    now: clock,
    onError,
    resume,
    onSnapshot: (s) => {
      onSnapshot?.(s);
      stateLog(s);
    },
  });
  rest.start(life.signal);
  life.onClose('rest poller', () => rest.stop());
  const gameData = new GameDataPoller({
    source: client,
    enabled: settings.gameData,
    map: true,
    intervalMs: settings.gameDataIntervalMs,
    now: clock,
    onError,
  });
  gameData.start(life.signal);
  life.onClose('game-data poller', () => gameData.stop());
  return { rest, gameData, client, moderation };
}
