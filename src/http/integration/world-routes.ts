// Save-derived routes (spec: Endpoints): /players, /players/{uid}, /pals, /guilds. Each page
// is read in one synchronous pass over the store, so it is one consistent snapshot; keyset
// pagination by the ordering key means a row present throughout a walk appears exactly once.
import { NotFoundError } from '../../domain/errors.js';
import { iso } from '../../lib/time.js';
import type { WorldPlayer } from '../../domain/world.js';
import { uidKey } from '../../store/world.js';
import { encodeCursor } from '../../contract/cursor.js';
import type { HttpDeps } from '../deps.js';
import { represent } from '../respond.js';
import type { IntegrationHandler } from './context.js';
import { isRunning } from '../../views/live-rows.js';
import { GenerationCache } from './page-cache.js';
import type { PalsQuery, PlayerPath, PlayersQuery } from '../../contract/integration-params.js';
import { guildRow, palRow, palWithOwnerRow, playerRow, utc } from '../../views/world-rows.js';

/** Uid keys of the players the poller currently sees online (REST playerId = uid without
 * dashes, ignoring case), and a signature of the live state the player rows depend on. The
 * poller records presence (first/last seen, sessions) before it publishes a new snapshot, and
 * each successful poll has a new capturedAt, so a new signature follows every history change
 * made by the poller. */
function liveState(deps: HttpDeps): { online: Set<string>; signature: string } {
  const live = deps.live.snapshot();
  if (!isRunning(live)) return { online: new Set(), signature: 'down' };
  const online = new Set(live.players.map((p) => uidKey(String(p.playerId))));
  return { online, signature: `${live.capturedAt}|${[...online].sort().join(',')}` };
}

function playerRows(deps: HttpDeps, players: WorldPlayer[], online: Set<string>, now: Date, lastParseAt: string | null) {
  const keys = players.map((p) => uidKey(p.uid));
  const times = deps.store.history.times(keys, now);
  const fallback = utc(lastParseAt) ?? iso(now);
  return players.map((p, i) => playerRow(p, online.has(keys[i]), times.get(keys[i]), fallback));
}

/** The uid has passed its grammar (params.ts) before this runs (Endpoints rule 2). */
const player: IntegrationHandler<{ params: typeof PlayerPath }> = ({ deps, params, now }) => {
  const info = deps.store.world.parseInfo();
  const p = deps.store.world.player(params.uid);
  if (!p) throw new NotFoundError('No player has that uid.');
  const [row] = playerRows(deps, [p], liveState(deps).online, now, info.lastParseAt);
  const pals = deps.store.world.palsOfOwner(p.uid).map(palRow);
  return represent({ data: { ...row, pals }, lastParseAt: utc(info.lastParseAt) ?? null, formatDrift: info.formatDrift });
};

export function createWorldRoutes() {
  const palPages = new GenerationCache();
  const guildPages = new GenerationCache(4 * 1024 * 1024);
  const playerPages = new GenerationCache(4 * 1024 * 1024);

  /**
   * Player rows join the save with live presence and the panel's history, and playtimeSec of
   * an online player grows with time. A page is therefore cached for one parse, one live
   * state and one wall-clock second at most: under load it is built once per second, and a
   * reader sees a playtime at most a second old.
   */
  const players: IntegrationHandler<{ query: typeof PlayersQuery }> = ({ deps, query, now }) => {
    const { limit } = query;
    const after = query.cursor ?? null;
    const onlyOnline = query.online === 'true';
    const { online, signature } = liveState(deps);
    const info = deps.store.world.parseInfo();
    const second = Math.floor(now.getTime() / 1000);
    return playerPages.get([info, signature, second], `${limit}:${onlyOnline ? 1 : 0}:${after ?? ''}`, () => {
      const page = deps.store.world.playersPage(after, limit, onlyOnline ? [...online] : undefined);
      return represent({
        data: playerRows(deps, page, online, now, info.lastParseAt),
        lastParseAt: utc(info.lastParseAt) ?? null,
        formatDrift: info.formatDrift,
        nextCursor: page.length === limit ? encodeCursor(page[page.length - 1].uid) : null,
      });
    });
  };

  const pals: IntegrationHandler<{ query: typeof PalsQuery }> = ({ deps, query }) => {
    const { limit } = query;
    const after = query.cursor ?? null;
    const info = deps.store.world.parseInfo();
    // A pal row depends on the save alone: cache the serialized page per parse generation.
    return palPages.get([info], `${limit}:${after ?? ''}`, () => {
      const page = deps.store.world.palsPage(after, limit);
      return represent({
        data: page.map(palWithOwnerRow),
        lastParseAt: utc(info.lastParseAt) ?? null,
        formatDrift: info.formatDrift,
        nextCursor: page.length === limit ? encodeCursor(page[page.length - 1].instanceId) : null,
      });
    });
  };

  const guilds: IntegrationHandler = ({ deps }) => {
    const info = deps.store.world.parseInfo();
    return guildPages.get([info], 'all', () =>
      represent({
        data: deps.store.world.guilds().map(guildRow),
        lastParseAt: utc(info.lastParseAt) ?? null,
        formatDrift: info.formatDrift,
      }),
    );
  };

  return { players, player, pals, guilds };
}
