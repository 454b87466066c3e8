// Palworld raw-data blobs in the 1.0 layout (save-format.md §2, "custom" RawData): character,
// guild, base camp and worker director, written into a ByteWriter.
import type { ByteWriter } from './bytes.js';
import type { ModelPal } from './model.js';
import {
  boolProp,
  byteProp,
  enumProp,
  guidArrayProp,
  guidProp,
  intProp,
  nameProp,
  namesProp,
  prop,
  strProp,
  structProp,
  type Body,
} from './gvas.js';

export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

function transform(w: ByteWriter, x: number, y: number, z: number): void {
  w.f64(0).f64(0).f64(0).f64(1).f64(x).f64(y).f64(z).f64(1).f64(1).f64(1);
}

/** CharacterSaveParameterMap RawData: the SaveParameter struct, then group id and trailer. */
export function characterBlob(w: ByteWriter, group: string, params: Body): void {
  structProp(w, 'SaveParameter', 'PalIndividualCharacterSaveParameter', params);
  w.str('None');
  w.u32(0).guid(group).u32(0);
}

export interface PlayerParams {
  name: string;
  level: number;
}

export function playerParams(p: PlayerParams): Body {
  return (w) => {
    boolProp(w, 'IsPlayer', true);
    strProp(w, 'NickName', p.name);
    if (p.level > 1) byteProp(w, 'Level', p.level);
  };
}

export function palParams(p: ModelPal): Body {
  return (w) => {
    nameProp(w, 'CharacterID', p.characterId);
    // Base workers of 1.0 saves carry no OwnerPlayerUId, only who owned them before.
    if (p.placement === 'base') guidArrayProp(w, 'OldOwnerPlayerUIds', [p.ownerUid]);
    else guidProp(w, 'OwnerPlayerUId', p.ownerUid);
    structProp(w, 'SlotId', 'PalCharacterSlotId', (x) => {
      structProp(x, 'ContainerId', 'PalContainerId', (c) => guidProp(c, 'ID', p.container));
      intProp(x, 'SlotIndex', p.slot);
    });
    if (p.level > 1) byteProp(w, 'Level', p.level);
    enumProp(w, 'Gender', 'EPalGenderType', `EPalGenderType::${p.gender}`);
    if (p.rank > 1) byteProp(w, 'Rank', p.rank);
    const [hp, shot, defense] = p.talents;
    if (hp) byteProp(w, 'Talent_HP', hp);
    if (shot) byteProp(w, 'Talent_Shot', shot);
    if (defense) byteProp(w, 'Talent_Defense', defense);
    if (p.passives.length) namesProp(w, 'PassiveSkillList', 'NameProperty', p.passives);
    namesProp(
      w,
      'EquipWaza',
      'EnumProperty',
      p.skills.map((s) => `EPalWazaID::${s}`),
    );
    if (p.isLucky) boolProp(w, 'IsRarePal', true);
    structProp(w, 'Hp', 'FixedPoint64', (x) => prop(x, 'Value', 'Int64Property', null, (v) => v.i64(BigInt(p.hp * 1000))));
  };
}

export interface GuildSpec {
  id: string;
  name: string;
  admin: string;
  level: number;
  baseIds: string[];
  members: { uid: string; name: string }[];
}

/** GroupSaveDataMap RawData of a guild in the 1.0 layout (with the member roles tail). */
export function guildBlob(w: ByteWriter, s: GuildSpec): void {
  w.guid(s.id).str(s.admin.replace(/-/g, '')).u32(0).u8(1).u32(0);
  w.u32(s.baseIds.length);
  for (const b of s.baseIds) w.guid(b);
  w.i32(0).i32(s.level).u32(0).str(s.name);
  w.guid(s.admin).u32(0);
  w.u32(2).u8(1).u8(2).i32(0);
  w.guid(s.admin).u32(s.members.length);
  for (const m of s.members)
    w.guid(m.uid)
      .i64(639193681150140000n)
      .str(m.name)
      .u8(m.uid === s.admin ? 1 : 2);
  w.u32(1).u8(2).u32(2).u8(0).u8(3);
  w.u32(0);
}

export function baseCampBlob(w: ByteWriter, id: string, guild: string, x: number, y: number, name: string): void {
  w.guid(id).str(name).u8(1);
  transform(w, x, y, 100);
  w.f32(3500).guid(guild);
  transform(w, 0, 0, 0);
  w.guid(ZERO_GUID).u32(0);
}

export function workerDirectorBlob(w: ByteWriter, id: string, container: string): void {
  w.guid(id);
  transform(w, 1, 2, 3);
  w.u8(0).u8(0).guid(container).u32(0);
}
