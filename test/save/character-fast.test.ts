// The in-place decoding of character blobs gives exactly the generic decoder's SaveParameter, or
// gives up (and leaves the reader where it was) so that the generic decoder reports the blob.
import { describe, expect, it } from 'vitest';
import { fastSaveParameter } from '../../src/save/palworld/character-fast.js';
import { decodeProps } from '../../src/save/gvas/props.js';
import { getProps } from '../../src/save/gvas/types.js';
import { ByteReader } from '../../src/save/reader.js';
import { WarningSink } from '../../src/save/warnings.js';
import {
  BOX1,
  byteProp,
  characterBlob,
  enumProp,
  guidArrayProp,
  intProp,
  namesProp,
  owner,
  P1,
  P2,
  pal,
  player,
  prop,
  props,
  slotId,
  strProp,
  structProp,
} from './synthetic.js';
import { W } from './writer.js';

const WANTED = new Set([
  'IsPlayer',
  'NickName',
  'Level',
  'CharacterID',
  'IsRarePal',
  'Gender',
  'Talent_HP',
  'Talent_Melee',
  'Talent_Shot',
  'Talent_Defense',
  'PassiveSkillList',
  'EquipWaza',
  'Rank',
  'Hp',
  'HP',
  'OwnerPlayerUId',
  'OldOwnerPlayerUIds',
  'SlotId',
  'SlotID',
]);
const SELECT = { SaveParameter: Object.fromEntries([...WANTED].map((k) => [k, true as const])) };

function generic(blob: Uint8Array) {
  const r = new ByteReader(blob);
  const warnings = new WarningSink();
  const sp = getProps(decodeProps(r, { file: 'x', warnings }, 'p', 1, SELECT), 'SaveParameter');
  return { sp, pos: r.pos, warnings: warnings.list };
}

describe('character blobs decoded in place', () => {
  it.each([
    ['a player', player('Uno', 30)],
    [
      'a pal with every property the rows read',
      pal('SheepBall', [
        owner(P1),
        slotId(BOX1, 31),
        byteProp('Level', 5),
        enumProp('Gender', 'EPalGenderType', 'EPalGenderType::Female'),
        namesProp('EquipWaza', 'EnumProperty', ['EPalWazaID::AirCanon']),
        namesProp('PassiveSkillList', 'NameProperty', ['Rare']),
        byteProp('Talent_HP', 70),
        structProp('Hp', 'FixedPoint64', props(prop('Value', 'Int64Property', new W().i64(512500).done()))),
        guidArrayProp('OldOwnerPlayerUIds', [P1, P2]),
      ]),
    ],
    ['a pal with properties nobody reads', pal('PinkCat', [intProp('Exp', 12345), strProp('FilteredNickName', 'x'), byteProp('Rank', 3)])],
  ])('%s: the same SaveParameter as the generic decoder, the reader at the same place', (_, blob) => {
    const g = generic(blob);
    expect(g.warnings).toEqual([]);
    const r = new ByteReader(blob);
    expect(fastSaveParameter(r, 'x', 'p', WANTED)).toEqual(g.sp);
    expect(r.pos).toBe(g.pos);
  });

  it.each([
    ['a repeated property', characterBlob([byteProp('Level', 5), byteProp('Level', 7)])],
    ['a value of a type nobody knows', characterBlob([prop('Level', 'FancyProperty', new Uint8Array([1]))])],
    ['a value shorter than its tag says', characterBlob([prop('Level', 'IntProperty', new Uint8Array([1, 2, 3, 4, 5]))])],
    [
      'a SaveParameter that is a Guid',
      new W()
        .bytes(props(structProp('SaveParameter', 'Guid', new W().guid(P1).done())))
        .u32(0)
        .guid(P1)
        .u32(0)
        .done(),
    ],
  ])('%s: gives up and leaves the reader where it was', (_, blob) => {
    const r = new ByteReader(blob, 0, blob.length);
    expect(fastSaveParameter(r, 'x', 'p', WANTED)).toBeUndefined();
    expect(r.pos).toBe(0);
    expect(r.end).toBe(blob.length);
  });
});
