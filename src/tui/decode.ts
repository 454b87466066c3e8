// Checks that an answer has the fields the dashboard draws, so a panel of another version (or
// another service behind --url) shows an error note instead of crashing the view. Deliberately
// loose: within v1 new fields may appear (spec: Versioning), and only what is drawn is checked.
import type { EventRow, MetricsData, PalRow, PlayerRow, RouteKey, ServerData, WorldSummaryData } from './types.js';

export type Decoded =
  | { route: 'server'; data: ServerData }
  | { route: 'metrics'; data: MetricsData }
  | { route: 'players'; data: PlayerRow[]; nextCursor: string | null }
  | { route: 'events'; data: EventRow[] }
  | { route: 'world'; data: WorldSummaryData }
  | { route: 'pals'; data: PalRow[]; nextCursor: string | null };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Obj, type: 'string' | 'number' | 'boolean', ...keys: string[]) => keys.every((k) => typeof o[k] === type);
const strOrNull = (v: unknown) => v === null || typeof v === 'string';
const optStr = (v: unknown) => v === undefined || typeof v === 'string';
const intObj = (v: unknown) => isObj(v) && Object.values(v).every((x) => typeof x === 'number');

const CHECKS: Record<RouteKey, (d: unknown) => boolean> = {
  server: (d) =>
    isObj(d) &&
    has(d, 'string', 'name', 'version', 'state') &&
    has(d, 'number', 'uptimeSec') &&
    isObj(d.save) &&
    has(d.save, 'string', 'state') &&
    has(d.save, 'boolean', 'formatDrift') &&
    has(d.save, 'number', 'players', 'pals', 'guilds') &&
    strOrNull(d.save.lastParseAt),
  metrics: (d) => isObj(d) && has(d, 'number', 'fps', 'frameTimeMs', 'players', 'maxPlayers', 'day', 'uptimeSec', 'baseCamps'),
  players: (d) =>
    Array.isArray(d) &&
    d.every((p) => isObj(p) && has(p, 'string', 'uid', 'name') && has(p, 'number', 'level', 'playtimeSec') && optStr(p.guildName)),
  events: (d) => Array.isArray(d) && d.every((e) => isObj(e) && has(e, 'string', 'at', 'kind', 'message')),
  world: (d) => isObj(d) && has(d, 'string', 'state') && has(d, 'number', 'linkedBasePals') && intObj(d.counts) && intObj(d.activity),
  pals: (d) =>
    Array.isArray(d) &&
    d.every(
      (p) =>
        isObj(p) &&
        has(p, 'string', 'instanceId', 'displayName', 'placement', 'ownerName') &&
        has(p, 'number', 'level') &&
        has(p, 'boolean', 'isAlpha', 'isLucky'),
    ),
};

/** The answer's data, or null when it lacks what the dashboard draws. */
export function decode(route: RouteKey, body: unknown): Decoded | null {
  if (!isObj(body) || !CHECKS[route](body.data)) return null;
  if (route === 'players' || route === 'pals') {
    const c = body.nextCursor;
    if (!(c === undefined || strOrNull(c))) return null;
    return { route, data: body.data, nextCursor: c ?? null } as Decoded;
  }
  return { route, data: body.data } as Decoded;
}
