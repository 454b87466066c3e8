// What the world rows use of a character's `SaveParameter`, read as soon as its entry is decoded.
// The decoded property tree is then garbage at once: held for every character until mapping,
// 100,000 pals' trees were promoted to the old generation and cost more in garbage collection
// than the decoding itself.

import { getArray, getBool, getGuid, getNum, getProps, getStr, isProps, type Props } from '../gvas/types.js';
import { ZERO_GUID } from '../reader.js';
import { StringPool } from '../gvas/string-pool.js';

export interface CharacterFacts {
  isPlayer: boolean;
  nickName: string;
  characterId: string;
  isLucky: boolean;
  /** `Level`, truncated; 1 when absent. */
  level: number;
  /** The container named in the character's own `SlotId`, when it names a real one. */
  slotContainerId?: string;
  /** Its `SlotIndex` (0 without a `SlotId`). */
  slotIndex: number;
  /** `OwnerPlayerUId`, when it is a real uid. */
  ownerUid?: string;
  /** The last real uid of `OldOwnerPlayerUIds`. */
  lastOldOwner?: string;
  hp: number;
  gender: string;
  rank: number | null;
  talents: { hp: number; melee: number; shot: number; defense: number };
  passiveSkillIds: string[];
  equippedSkillIds: string[];
}

export function realGuid(v: string | undefined): string | undefined {
  return v && v !== ZERO_GUID ? v : undefined;
}

/** FixedPoint64 HP: `{Value: Int64}` holding HP × 1000 (`Hp` from v0.6, `HP` in v0.1). */
function hpOf(sp: Props): number {
  const v = sp.get('Hp') ?? sp.get('HP');
  const raw = isProps(v) ? getNum(v, 'Value') : typeof v === 'number' ? v : undefined;
  return raw !== undefined && Number.isFinite(raw) ? raw / 1000 : 0;
}

function genderOf(sp: Props): string {
  const g = getStr(sp, 'Gender') ?? '';
  if (g.endsWith('::Female')) return 'female';
  if (g.endsWith('::Male')) return 'male';
  return 'unknown';
}

function intOr(sp: Props, name: string, dflt: number): number {
  const v = getNum(sp, name);
  return v === undefined ? dflt : Math.trunc(v);
}

/** Skill ids without their enum prefix (`EPalWazaID::AirCanon` → `AirCanon`). */
function strings(sp: Props, name: string, pool: StringPool): string[] {
  const out: string[] = [];
  for (const v of getArray(sp, name) ?? []) if (typeof v === 'string' && v) out.push(pool.get(v.replace(/^[^:]*::/, '')));
  return out;
}

function lastOldOwner(sp: Props): string | undefined {
  const old = getArray(sp, 'OldOwnerPlayerUIds') ?? [];
  for (let i = old.length - 1; i >= 0; i--) {
    const v = old[i];
    if (typeof v === 'string' && realGuid(v)) return v;
  }
  return undefined;
}

function rankOf(sp: Props): number | null {
  const r = getNum(sp, 'Rank');
  return r !== undefined && r > 0 ? Math.trunc(r) : null;
}

/** `pool` shares the ids that many characters repeat (string-pool.ts). */
export function characterFacts(sp: Props, pool: StringPool = new StringPool()): CharacterFacts {
  const slot = getProps(sp, 'SlotId') ?? getProps(sp, 'SlotID');
  return {
    isPlayer: getBool(sp, 'IsPlayer') === true,
    nickName: getStr(sp, 'NickName') ?? '',
    characterId: getStr(sp, 'CharacterID') ?? '',
    isLucky: getBool(sp, 'IsRarePal') === true,
    level: intOr(sp, 'Level', 1),
    slotContainerId: pool.maybe(realGuid(getGuid(slot, 'ContainerId'))),
    slotIndex: slot ? intOr(slot, 'SlotIndex', 0) : 0,
    ownerUid: pool.maybe(realGuid(getGuid(sp, 'OwnerPlayerUId'))),
    lastOldOwner: pool.maybe(lastOldOwner(sp)),
    hp: hpOf(sp),
    gender: genderOf(sp),
    rank: rankOf(sp),
    talents: {
      hp: intOr(sp, 'Talent_HP', 0),
      melee: intOr(sp, 'Talent_Melee', 0),
      shot: intOr(sp, 'Talent_Shot', 0),
      defense: intOr(sp, 'Talent_Defense', 0),
    },
    passiveSkillIds: strings(sp, 'PassiveSkillList', pool),
    equippedSkillIds: strings(sp, 'EquipWaza', pool),
  };
}
