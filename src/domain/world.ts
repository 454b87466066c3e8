// The world snapshot: what one parse of a save folder yields, and what the store keeps as the
// world tables. Field names and meanings follow the service spec (Resources and their fields);
// the HTTP layer turns these rows into responses through allowlists.
// Types, and the value sets they derive from: imported by save/, store/, http/, demo/ alike.
import { type Placement, type OwnerSource } from '../contract/vocabulary.js';
import type { Talents } from '../contract/integration-rows.js';
import type { WorldItems } from './world-items.js';

/** A player of the save. `uid` is the save Guid in its dashed, upper-case form as written by
 * the parser (e.g. `00000000-0000-0000-0000-000000000001`). */
export interface WorldPlayer {
  uid: string;
  name: string;
  level: number;
  guildId?: string;
  guildName?: string;
  /** `LastOnlineDateTime` of 1.0 saves, RFC 3339 UTC; absent in older saves. */
  lastOnlineAt?: string;
  /** The three progression fields: all absent when `Players/<UID>.sav` is missing or unreadable. */
  captureTotal?: number;
  uniquePalsCaptured?: number;
  paldeckUnlocked?: number;
  /** The Paldeck per species from the same save (panel only; never an Integration API field):
   * the save's key, its display name as the parse named it, the unlock flag, the captures. */
  paldeck?: PaldeckEntry[];
}

export interface PaldeckEntry {
  key: string;
  name: string;
  unlocked: boolean;
  captured: number;
}

// Every id the save parser emits (player uid, pal instanceId, guild id, base id) uses one form:
// the save Guid as four little-endian u32 words in upper-case hex, dashed 8-4-4-4-12, e.g.
// `E1530496-0000-0000-0000-000000000000`. Without dashes it equals the `Players/<UID>.sav` stem.

export interface WorldPal {
  instanceId: string;
  characterId: string;
  displayName: string;
  level: number;
  isAlpha: boolean;
  isLucky: boolean;
  inParty: boolean;
  partySlot: number | null;
  boxPage: number | null;
  boxSlot: number | null;
  placement: Placement;
  baseId: string | null;
  hp: number;
  gender: string;
  rank: number | null;
  talents: Talents;
  passiveSkillIds: string[];
  equippedSkillIds: string[];
  ownerUid: string;
  ownerName: string;
  ownerSource: OwnerSource;
  ownerResolved: boolean;
}

export interface WorldBase {
  id: string;
  name: string | null;
  location: { x: number; y: number } | null;
  level: number;
}

export interface WorldGuild {
  id: string;
  name: string;
  adminUid: string;
  members: { uid: string; name: string }[];
  bases: WorldBase[];
}

export interface ParseWarning {
  /** Byte offset in the decompressed GVAS of the file named by `file`. */
  offset: number;
  /** Property path, e.g. `worldSaveData.CharacterSaveParameterMap[12].RawData`. */
  path: string;
  message: string;
  file?: string;
}

export interface WorldMeta {
  /** Container of Level.sav: `PlZ1`, `PlZ2`, `PlM1`, `CNK+PlZ2`, `GVAS`, ... */
  container: string;
  /** A short fingerprint of the game version inferred from the layouts met (e.g. `1.0`, `0.6`, `0.1`). */
  gameVersion: string;
  worldGuid?: string;
  /** In-game day from GameTimeSaveData, when present. */
  day?: number;
  worldName?: string;
}

export interface WorldSnapshot {
  players: WorldPlayer[];
  pals: WorldPal[];
  guilds: WorldGuild[];
  /** Every item container with its owner and slots; absent when the parse left items unread. */
  items?: WorldItems;
  formatDrift: boolean;
  warnings: ParseWarning[];
  meta: WorldMeta;
}
