// Pal rows: every character that is not a player (captured humans included). Placement comes only
// from exact container matches (a player's party or Palbox named in their player save, or a listed
// base's worker container); a container's size is never taken as proof. Ownership comes from the
// SaveParameter, never from the map key's PlayerUId (zero for pals).

import type { WorldPal } from '../../domain/world.js';
import type { OwnerSource, Placement } from '../../contract/vocabulary.js';
import type { SlotRaw } from '../palworld/container-slots.js';
import type { CharacterFacts } from '../palworld/character-facts.js';
import type { NameTable } from './names.js';

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

export function mapPal(instanceId: string, f: CharacterFacts, ctx: PalContext): WorldPal {
  const { characterId, isLucky } = f;
  let containerId = f.slotContainerId;
  let slotIndex = f.slotIndex;
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

  let ownerUid = f.ownerUid;
  let ownerSource: OwnerSource = 'save';
  if (!ownerUid && personal) {
    ownerUid = personal.playerUid;
    ownerSource = 'personal_container';
  }
  if (!ownerUid) {
    ownerUid = f.lastOldOwner;
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
    level: f.level,
    isAlpha: /^boss_/i.test(characterId) && !isLucky,
    isLucky,
    inParty: placement === 'party',
    partySlot: placement === 'party' && validSlot ? slotIndex : null,
    boxPage: placement === 'box' && validSlot ? Math.floor(slotIndex / BOX_PAGE_SLOTS) : null,
    boxSlot: placement === 'box' && validSlot ? slotIndex % BOX_PAGE_SLOTS : null,
    placement,
    baseId: baseId ?? null,
    hp: f.hp,
    gender: f.gender,
    rank: f.rank,
    talents: f.talents,
    passiveSkillIds: f.passiveSkillIds,
    equippedSkillIds: f.equippedSkillIds,
    ownerUid: owner,
    ownerName: owner ? (playerName ?? ctx.memberNames.get(owner) ?? '') : '',
    ownerSource,
    ownerResolved: playerName !== undefined,
  };
}
