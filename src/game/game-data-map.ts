// The live map's view of `GET /v1/api/game-data` (game-interfaces.md §5.1), decoded beside the
// aggregates' actors (game-data-decoder.ts) and kept apart from them: it holds what a live map
// draws (names, nick names, guilds, trainer names, positions) and only the panel's signed-in
// snapshot reads it; the Integration API's aggregates never see it. IPs, platform user ids,
// runtime instance ids and blueprint classes are still dropped here.
import type { Activity } from '../contract/vocabulary.js';
import { mapActivity } from './activity-map.js';
import { asRecord, count, hasNum, isFalse, num, str } from './coerce.js';

export type MapActorKind = 'player' | 'partyPal' | 'basePal' | 'wildPal' | 'npc' | 'palBox' | 'other';

export interface MapActor {
  kind: MapActorKind;
  /** The nick name when set, else the name (a pal's species id, a player's name). */
  name: string;
  /** A pal's species id (`Anubis`); '' for others. */
  characterId: string;
  level: number;
  hp: number;
  maxHp: number;
  guildId: string | null;
  guildName: string | null;
  /** A pal's trainer (its player or the base's guild member) by nick name; null when none. */
  trainerName: string | null;
  activity: Activity;
  /** World units (Unreal cm). */
  location: { x: number; y: number } | null;
}

const KINDS: Record<string, MapActorKind> = {
  Player: 'player',
  OtomoPal: 'partyPal',
  BaseCampPal: 'basePal',
  WildPal: 'wildPal',
  NPC: 'npc',
};

const text = (v: unknown, max = 64): string | null => {
  // Control characters would break a label; names are bounded like the REST decoder's.
  const s = str(v, max)
    .replace(/\p{Cc}/gu, '')
    .trim();
  return s === '' ? null : s;
};

export function decodeMapActor(raw: unknown): MapActor | null {
  const a = asRecord(raw);
  if (!a) return null;
  const type = str(a.Type, 48);
  const kind: MapActorKind = type === 'PalBox' ? 'palBox' : (KINDS[str(a.UnitType, 48)] ?? 'other');
  const name = text(a.NickName) ?? text(a.Name) ?? '';
  const isPal = kind === 'partyPal' || kind === 'basePal' || kind === 'wildPal';
  const hasLocation = hasNum(a.LocationX) && hasNum(a.LocationY);
  return {
    kind,
    name,
    characterId: isPal ? (text(a.Name, 64) ?? '') : '',
    level: count(a.level ?? a.Level, 10_000),
    hp: Math.max(0, num(a.HP)),
    maxHp: Math.max(0, num(a.MaxHP)),
    guildId: text(a.GuildID, 64),
    guildName: text(a.GuildName),
    trainerName: isPal ? text(a.TrainerNickName) : null,
    activity: mapActivity(str(a.Action, 128), str(a.AI_Action, 128), isFalse(a.IsActive)),
    location: hasLocation ? { x: num(a.LocationX), y: num(a.LocationY) } : null,
  };
}

/** The map actors of an `ActorData` list, at most `max` (the aggregates' bound). */
export function decodeMapActors(list: readonly unknown[], max: number): MapActor[] {
  const out: MapActor[] = [];
  const n = Math.min(list.length, max);
  for (let i = 0; i < n; i++) {
    const m = decodeMapActor(list[i]);
    if (m) out.push(m);
  }
  return out;
}
