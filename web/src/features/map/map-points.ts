// The map's points and views in map units: every point of the dataset and the live snapshot
// as one list, the view that fits a set of them, and what the open card shows.
import type { IntlShape } from 'react-intl';
import { worldToMap } from '../../../../src/lib/map-coords';
import type { GameName } from '../../i18n/game-names';
import type { MapDataset, MapLayer, WorldSnapshot } from '../../types';
import type { LayerKey, MapPoint } from './map-layout';
import type { Shown } from './MapCard';

export interface View {
  cx: number;
  cy: number;
  /** Width of the view in map units. */
  w: number;
}

/** The layers in the order of their switches (each named by `map.layer.<key>`). */
export const LAYER_KEYS: LayerKey[] = ['bases', 'players', 'pals', 'boxes', 'npcs'];

/** Height over width of the map view (svg.map in styles.css is 4 / 3). */
export const ASPECT = 0.75;
/** Dots closer than this many screen pixels are drawn as one bubble with a count (more than two
 * of the largest bubbles' radii, so bubbles never overlap one another). */
export const GROUP_PX = 26;
/** A dot's radius on screen, pixels. */
export const DOT_PX = 6;
/** The narrowest view, map units: closer than this, dots that still overlap share one spot. */
export const MIN_W = 50;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function layerRect(l: MapLayer): Rect {
  // Layer bounds are [east, north] in world units: east = world.y, north = world.x.
  const [[e0, n0], [e1, n1]] = l.bounds;
  const a = worldToMap({ x: n0, y: e0 });
  const b = worldToMap({ x: n1, y: e1 });
  return { x0: a.x, y0: a.y, x1: b.x, y1: b.y };
}

/** Every point of the data, each layer's own, with what its card says (in the UI's language:
 * the Palbox's name and a pal's trainer from the `map` catalog, a pal's species from the game's). */
export function allPoints(d: MapDataset, snap: WorldSnapshot | null, intl: IntlShape, name: GameName): MapPoint[] {
  const out: MapPoint[] = d.layers.bases.map((b) => ({
    id: `b-${b.id}`,
    kind: 'bases',
    at: b.map,
    world: b.world,
    name: b.displayName,
    what: 'base',
    level: b.level,
    guildId: b.guildId,
    guildName: b.guildName,
  }));
  // Players from the live snapshot (game data or REST), their ids from the dataset's REST list.
  const ids = new Map(d.layers.players.map((p) => [p.name, p]));
  const players = snap && snap.players.length > 0 ? snap.players : d.layers.players;
  for (const [i, p] of players.entries()) {
    const known = ids.get(p.name);
    out.push({
      id: `u-${i}-${p.name}`,
      kind: 'players',
      at: p.map,
      world: p.world,
      name: p.name,
      what: 'player',
      level: p.level,
      // The save's guild first: it is the one the guild pages (/guilds/{id}) know.
      guildId: known?.guildId ?? p.guildId ?? null,
      guildName: known?.guildName ?? p.guildName ?? null,
      playerId: known?.playerId,
    });
  }
  if (!snap) return out;
  for (const [i, b] of snap.palBoxes.entries())
    out.push({
      id: `x-${i}`,
      kind: 'boxes',
      at: b.map,
      world: b.world,
      name: intl.formatMessage({ id: b.guildName ? 'map.palboxOf' : 'map.palbox' }, { guild: b.guildName }),
      what: 'palbox',
      level: null,
      guildId: b.guildId,
      guildName: b.guildName,
    });
  for (const [i, p] of snap.pals.entries())
    out.push({
      id: `p-${i}`,
      kind: 'pals',
      at: p.map,
      world: p.world,
      name: name('species', p.characterId, p.name),
      what: p.kind,
      level: p.level,
      guildId: p.guildId,
      guildName: p.guildName,
      note: p.trainerName ? intl.formatMessage({ id: 'map.with' }, { trainer: p.trainerName }) : undefined,
    });
  for (const [i, n] of snap.npcs.entries())
    out.push({
      id: `n-${i}`,
      kind: 'npcs',
      at: n.map,
      world: n.world,
      name: n.name,
      what: 'npc',
      level: n.level,
      guildId: null,
      guildName: null,
    });
  return out;
}

/** The view that holds these points with a margin (at least MIN_W wide). */
export function fitView(pts: MapPoint[]): View {
  const xs = pts.map((p) => p.at.x);
  const ys = pts.map((p) => p.at.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w: Math.max(MIN_W * 2, (x1 - x0) * 1.4, ((y1 - y0) * 1.4) / ASPECT) };
}

export type Pick = { kind: 'point'; id: string } | { kind: 'group'; ids: string[] } | { kind: 'guild'; id: string };

export interface GuildRef {
  id: string;
  name: string;
}

/** Guilds to search and fit: those with bases, and those of players on the map. */
export function guildsOf(every: MapPoint[]): GuildRef[] {
  const g = new Map<string, string>();
  for (const p of every) if (p.guildId && p.guildName && (p.kind === 'bases' || p.kind === 'players')) g.set(p.guildId, p.guildName);
  return [...g].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** What the card shows for a pick, or null when what it named is gone. */
export function shownOf(pick: Pick | null, every: MapPoint[], guilds: GuildRef[]): Shown | null {
  if (!pick) return null;
  if (pick.kind === 'point') {
    const p = every.find((x) => x.id === pick.id);
    return p ? { kind: 'point', point: p } : null;
  }
  if (pick.kind === 'group') return { kind: 'group', points: every.filter((p) => pick.ids.includes(p.id)) };
  const g = guilds.find((x) => x.id === pick.id);
  if (!g) return null;
  return {
    kind: 'guild',
    id: pick.id,
    name: g.name,
    bases: every.filter((p) => p.kind === 'bases' && p.guildId === pick.id),
    players: every.filter((p) => p.kind === 'players' && p.guildId === pick.id),
  };
}
