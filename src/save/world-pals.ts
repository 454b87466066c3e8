// Pal rows: every character that is not a player (captured humans included). Placement comes only
// from exact container matches (a player's party or Palbox named in their player save, or a listed
// base's worker container); a container's size is never taken as proof. Ownership comes from the
// SaveParameter, never from the map key's PlayerUId (zero for pals).

import type { OwnerSource, Placement, WorldPal } from '../lib/world.js';
import type { SlotRaw } from './container-slots.js';
import { getArray, getBool, getGuid, getNum, getProps, getStr, isProps, type Props } from './gvas-types.js';
import type { NameTable } from './names.js';
import { ZERO_GUID } from './reader.js';

export const BOX_PAGE_SLOTS = 30;

export interface PersonalContainer {
  kind: 'party' | 'box';
  playerUid: string;
}

export interface PalContext {
  names: NameTable;
  personal: Map<string, PersonalContainer>;
  workerContainers: Map<string, string>;
  slots: Map<string, SlotRaw>;
  playerNames: Map<string, string>;
  memberNames: Map<string, string>;
}

function realGuid(v: string | undefined): string | undefined {
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

function strings(sp: Props, name: string): string[] {
  const out: string[] = [];
  for (const v of getArray(sp, name) ?? []) if (typeof v === 'string' && v) out.push(v.replace(/^[^:]*::/, ''));
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

export function mapPal(instanceId: string, sp: Props, ctx: PalContext): WorldPal {
  const characterId = getStr(sp, 'CharacterID') ?? '';
  const isLucky = getBool(sp, 'IsRarePal') === true;
  const slotProps = getProps(sp, 'SlotId') ?? getProps(sp, 'SlotID');
  let containerId = realGuid(getGuid(slotProps, 'ContainerId'));
  let slotIndex = slotProps ? intOr(slotProps, 'SlotIndex', 0) : 0;
  if (!containerId) {
    const s = ctx.slots.get(instanceId);
    if (s) {
      containerId = s.containerId;
      slotIndex = s.slotIndex;
    }
  }
  const personal = containerId ? ctx.personal.get(containerId) : undefined;
  const baseId = containerId && !personal ? ctx.workerContainers.get(containerId) : undefined;
  const placement: Placement = personal ? personal.kind : baseId ? 'base' : 'unknown';

  let ownerUid = realGuid(getGuid(sp, 'OwnerPlayerUId'));
  let ownerSource: OwnerSource = 'save';
  if (!ownerUid && personal) {
    ownerUid = personal.playerUid;
    ownerSource = 'personal_container';
  }
  if (!ownerUid) {
    ownerUid = lastOldOwner(sp);
    ownerSource = 'last_observed';
  }
  if (!ownerUid) ownerSource = 'unresolved';
  const owner = ownerUid ?? '';
  const playerName = ctx.playerNames.get(owner);

  const validSlot = slotIndex >= 0;
  return {
    instanceId,
    characterId,
    displayName: ctx.names.palName(characterId),
    level: intOr(sp, 'Level', 1),
    isAlpha: /^boss_/i.test(characterId) && !isLucky,
    isLucky,
    inParty: placement === 'party',
    partySlot: placement === 'party' && validSlot ? slotIndex : null,
    boxPage: placement === 'box' && validSlot ? Math.floor(slotIndex / BOX_PAGE_SLOTS) : null,
    boxSlot: placement === 'box' && validSlot ? slotIndex % BOX_PAGE_SLOTS : null,
    placement,
    baseId: baseId ?? null,
    hp: hpOf(sp),
    gender: genderOf(sp),
    rank: (() => {
      const r = getNum(sp, 'Rank');
      return r !== undefined && r > 0 ? Math.trunc(r) : null;
    })(),
    talents: {
      hp: intOr(sp, 'Talent_HP', 0),
      melee: intOr(sp, 'Talent_Melee', 0),
      shot: intOr(sp, 'Talent_Shot', 0),
      defense: intOr(sp, 'Talent_Defense', 0),
    },
    passiveSkillIds: strings(sp, 'PassiveSkillList'),
    equippedSkillIds: strings(sp, 'EquipWaza'),
    ownerUid: owner,
    ownerName: owner ? (playerName ?? ctx.memberNames.get(owner) ?? '') : '',
    ownerSource,
    ownerResolved: playerName !== undefined,
  };
}
