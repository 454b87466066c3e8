// CharacterSaveParameterMap values: RawData = a property list holding one `SaveParameter` struct,
// then 4 unknown bytes, the character's group (guild) Guid, and since v0.6 a 4-byte trailer.

import { SaveFormatError } from '../errors.js';
import { decodeProps } from '../gvas/props.js';
import { characterFacts, type CharacterFacts } from './character-facts.js';
import { fastSaveParameter } from './character-fast.js';
import { getProps, type Select } from '../gvas/types.js';
import { blobReader, readTrailer, type RawCtx } from './raw-common.js';

export interface CharacterRaw {
  /** What the rows use of the character's `SaveParameter` (PalIndividualCharacterSaveParameter). */
  facts: CharacterFacts;
  /** The character's group (guild) id (level.ts keeps it for players only). */
  groupId: string;
  /** The v0.6+ trailer was present. */
  trailer: boolean;
}

/** Only the SaveParameter properties the world rows use are decoded; the rest are skipped. */
const SP_SELECT: Select = {
  SaveParameter: {
    IsPlayer: true,
    NickName: true,
    Level: true,
    CharacterID: true,
    IsRarePal: true,
    Gender: true,
    Talent_HP: true,
    Talent_Melee: true,
    Talent_Shot: true,
    Talent_Defense: true,
    PassiveSkillList: true,
    EquipWaza: true,
    Rank: true,
    Hp: true,
    HP: true,
    OwnerPlayerUId: true,
    OldOwnerPlayerUIds: true,
    SlotId: true,
    SlotID: true,
  },
};

const SP_WANTED: ReadonlySet<string> = new Set(Object.keys((SP_SELECT as Record<string, Select>).SaveParameter));

/** Throws a SaveFormatError when the blob fits no known layout. */
export function decodeCharacter(ctx: RawCtx, blob: Uint8Array, path: string): CharacterRaw {
  const r = blobReader(ctx, blob);
  // The common shape in place (character-fast.ts); anything else the generic way.
  const sp = fastSaveParameter(r, ctx.file, path, SP_WANTED) ?? getProps(decodeProps(r, ctx, path, 1, SP_SELECT), 'SaveParameter');
  if (!sp) throw new SaveFormatError('unknown_layout', 'character raw data without a SaveParameter', r.pos);
  r.skip(4);
  const groupId = r.guid();
  const trailer = readTrailer(r, 'character raw data');
  return { facts: characterFacts(sp, ctx.pool), groupId, trailer };
}
