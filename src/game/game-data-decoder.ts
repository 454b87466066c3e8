// Decoder of `GET /v1/api/game-data` (game-interfaces.md §5.1). It keeps only what palpanel
// may use and drops the rest at decode time: names, nick names, user ids, IPs, guild ids and
// names, trainer links, classes and locations never leave this function, so no later layer can
// leak them by accident. `InstanceID` survives only normalised (see instance-id.ts).
import type { GameDataActor } from '../domain/live.js';
import { mapActivity } from './activity-map.js';
import { asRecord, count, hasNum, isFalse, bool, num, str } from './coerce.js';
import { decodeMapActors, type MapActor } from './game-data-map.js';
import { normaliseInstanceId } from './instance-id.js';

/** 35 bases measured at ~500 actors; this bounds memory on a hostile or broken answer. */
export const MAX_ACTORS = 20_000;

export interface GameDataFrame {
  fps: number;
  fpsAvg: number;
  actors: GameDataActor[];
  /** How many actors the answer held beyond MAX_ACTORS (dropped). */
  dropped: number;
  /** The live map's view (game-data-map.ts): names, guilds and positions, for the panel's
   * signed-in snapshot only; decoded only when asked for (`{map: true}`), never read by the
   * Integration API's aggregates. */
  map?: MapActor[];
}

/** Enum-like names (`Character`, `BaseCampPal`): anything else becomes '' (counted as unknown). */
function enumName(v: unknown): string {
  const s = str(v, 64);
  return /^[A-Za-z0-9_]{1,48}$/.test(s) ? s : '';
}

export function decodeActor(raw: unknown): GameDataActor | null {
  const a = asRecord(raw);
  if (!a) return null;
  const instance = str(a.InstanceID, 200);
  const inactive = isFalse(a.IsActive);
  return {
    type: enumName(a.Type),
    unitType: enumName(a.UnitType),
    instanceId: instance === '' ? null : normaliseInstanceId(instance),
    level: count(a.level ?? a.Level, 10_000),
    hp: Math.max(0, num(a.HP)),
    maxHp: Math.max(0, num(a.MaxHP)),
    active: bool(a.IsActive),
    activity: mapActivity(str(a.Action, 128), str(a.AI_Action, 128), inactive),
  };
}

/** null when the document is not a game-data answer at all. `map`: also decode the live map's
 * view (names, guilds, positions) into `frame.map`. */
export function decodeGameData(doc: unknown, opts: { map?: boolean } = {}): GameDataFrame | null {
  const o = asRecord(doc);
  if (!o || !Array.isArray(o.ActorData)) return null;
  const fps = Math.max(0, num(o.FPS));
  const actors: GameDataActor[] = [];
  const list = o.ActorData;
  const n = Math.min(list.length, MAX_ACTORS);
  for (let i = 0; i < n; i++) {
    const actor = decodeActor(list[i]);
    if (actor) actors.push(actor);
  }
  return {
    fps,
    fpsAvg: hasNum(o.AverageFPS) ? Math.max(0, num(o.AverageFPS)) : fps,
    actors,
    dropped: list.length - n,
    ...(opts.map ? { map: decodeMapActors(list, MAX_ACTORS) } : {}),
  };
}
