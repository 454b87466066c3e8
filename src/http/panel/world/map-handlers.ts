// The panel's map dataset: the map's texture layers (the Integration API's `/map` data) plus
// the two point layers a live map draws, bases from the last parse of the save and players at
// their live positions from the REST poller, each in in-game map coordinates (lib/map-coords.ts)
// and placed in the texture layer whose bounds hold it, so the web UI can draw without tiles.
import { MAP_COORDINATES_TEXT, toMapCoords, type WorldXY } from '../../../lib/map-coords.js';
import { playerIdOfSaveUid } from '../../../domain/player-id.js';
import type { WorldGuild } from '../../../domain/world.js';
import type { MapActor } from '../../../game/game-data-map.js';
import { MAP_DATASET } from '../../integration/map.js';
import { guildLabels } from '../../../views/guild-labels.js';
import { isRunning } from '../../../views/live-rows.js';
import { json } from '../../respond.js';
import { mapTilesTemplate } from '../../web/map-tiles.js';
import type { PanelHandler } from '../context.js';

/** The texture layer holding a world point (the World Tree's bounds first: it lies inside
 * no part of Palpagos, but its own texture is the one to draw it on), or null. */
export function areaOf(w: WorldXY): string | null {
  const east = w.y;
  const north = w.x;
  const hit = [...MAP_DATASET.layers]
    .sort((a, b) => (a.id === 'world-tree' ? -1 : b.id === 'world-tree' ? 1 : 0))
    .find(({ bounds: [[e0, n0], [e1, n1]] }) => east >= e0 && east <= e1 && north >= n0 && north <= n1);
  return hit ? hit.id : null;
}

const finite = (w: WorldXY | null | undefined): w is WorldXY => !!w && Number.isFinite(w.x) && Number.isFinite(w.y);

const place = (w: WorldXY) => ({ world: { x: w.x, y: w.y }, map: toMapCoords(w), area: areaOf(w) });

function guildOfPlayer(guilds: WorldGuild[]): Map<string, WorldGuild> {
  const out = new Map<string, WorldGuild>();
  for (const g of guilds) for (const m of g.members) out.set(playerIdOfSaveUid(m.uid), g);
  return out;
}

/** The live game-data snapshot for the live map: players with positions (the game-data
 * actors, else the REST poller's), pals in parties and at bases, NPCs and PalBoxes, with names
 * and guilds. Wild pals are only counted (hundreds of them move all the time). */
/** Guild id (dashes and case ignored, as the game's live data may write it otherwise than the
 * save) → the guild's display name (views/guild-labels.ts). */
function guildNamer(guilds: WorldGuild[]): (id: string | null, name: string | null) => string | null {
  const key = (id: string) => id.replace(/-/g, '').toLowerCase();
  const labels = guildLabels(guilds);
  const byKey = new Map(guilds.map((g) => [key(g.id), labels.get(g.id)?.name ?? g.name]));
  return (id, name) => (id ? (byKey.get(key(id)) ?? name) : name);
}

export const getWorldSnapshot = (({ deps }) => {
  const lm = deps.server?.liveMap() ?? null;
  // A guild the save knows is named as in the guild list and on the bases layer, whatever name
  // the live data gives it (for a guild nobody named, the same "Unnamed Guild" as the save).
  const guildName = guildNamer(deps.store.world.guilds());
  const live = deps.live.snapshot();
  const actors = lm?.actors ?? [];
  const at = <T extends { location: WorldXY | null }>(xs: T[]) => xs.filter((a) => finite(a.location));
  const of = (kind: string) => at(actors.filter((a) => a.kind === kind));
  const gdPlayers = of('player').map((a) => ({
    name: a.name,
    level: a.level,
    guildId: a.guildId,
    guildName: guildName(a.guildId, a.guildName),
    ...place(a.location!),
  }));
  const restPlayers = isRunning(live)
    ? at(live.players).map((p) => ({ name: p.name, level: p.level, guildId: null, guildName: null, ...place(p.location!) }))
    : [];
  return json(200, {
    data: {
      gameData: lm?.state ?? 'disabled',
      capturedAt: lm?.capturedAt ?? null,
      players: gdPlayers.length > 0 ? gdPlayers : restPlayers,
      playersFrom: gdPlayers.length > 0 ? 'game-data' : 'rest',
      pals: at(actors.filter((a): a is MapActor & { kind: 'partyPal' | 'basePal' } => a.kind === 'partyPal' || a.kind === 'basePal')).map(
        (a) => ({
          kind: a.kind,
          characterId: a.characterId,
          name: a.name,
          level: a.level,
          hp: a.hp,
          maxHp: a.maxHp,
          activity: a.activity,
          guildId: a.guildId,
          guildName: guildName(a.guildId, a.guildName),
          trainerName: a.trainerName,
          ...place(a.location!),
        }),
      ),
      npcs: of('npc').map((a) => ({ name: a.name, level: a.level, ...place(a.location!) })),
      palBoxes: of('palBox').map((a) => ({
        name: a.name,
        guildId: a.guildId,
        guildName: guildName(a.guildId, a.guildName),
        ...place(a.location!),
      })),
      wildPals: actors.filter((a) => a.kind === 'wildPal').length,
    },
  });
}) satisfies PanelHandler;

export const getMapDataset = (({ deps }) => {
  const guilds = deps.store.world.guilds();
  const live = deps.live.snapshot();
  const byPlayer = guildOfPlayer(guilds);
  const labels = guildLabels(guilds);
  const guildName = (g: WorldGuild) => labels.get(g.id)?.name ?? g.name;
  const bases = guilds.flatMap((g) =>
    g.bases
      .filter((b) => finite(b.location))
      .map((b) => ({
        id: b.id,
        name: b.name,
        displayName: labels.get(g.id)?.bases.get(b.id) ?? b.name ?? 'Base',
        level: b.level,
        guildId: g.id,
        guildName: guildName(g),
        ...place(b.location!),
      })),
  );
  const players = isRunning(live)
    ? live.players
        .filter((p) => finite(p.location))
        .map((p) => {
          const g = byPlayer.get(p.playerId.toUpperCase());
          return {
            playerId: p.playerId,
            name: p.name,
            level: p.level,
            guildId: g?.id ?? null,
            guildName: g ? guildName(g) : null,
            ...place(p.location!),
          };
        })
    : [];
  return json(200, {
    data: {
      map: MAP_DATASET,
      coordinates: MAP_COORDINATES_TEXT,
      lastParseAt: deps.store.world.parseInfo().lastParseAt,
      capturedAt: isRunning(live) ? live.capturedAt : null,
      // The host's own folder, served by palpanel, before a tile server elsewhere.
      tileUrl: deps.mapTiles ? mapTilesTemplate(deps.mapTiles) : (deps.mapTileUrl ?? null),
      layers: { bases, players },
    },
  });
}) satisfies PanelHandler;
