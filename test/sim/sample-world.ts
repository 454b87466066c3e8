// Input data for the simulated game server shared by the game, poller and sim tests, and the
// save pals a parse of the matching world would yield (for the world views).
import type { WorldPal } from '../../src/domain/world.js';
import type { SimBasePalInput, SimPlayerInput } from '../../src/demo/sim/index.js';

export const ALICE = '00000000-0000-0000-0000-000000000001';
export const BOB = 'A1B2C3D4-1111-2222-3333-444455556666';
export const CHIE = 'C0FFEE00-AAAA-BBBB-CCCC-DDDDEEEEFFFF';
/** A name carrying a line break and control characters: join lines must strip them. */
export const MALLORY = 'DEADBEEF-0000-4000-8000-000000000042';

export const PLAYERS: SimPlayerInput[] = [
  { uid: ALICE, name: 'Alice', level: 31 },
  { uid: BOB, name: 'Bob', level: 12 },
  { uid: CHIE, name: 'ちえ Zoë', level: 45 },
  { uid: MALLORY, name: 'Mal\nlory\u0007\u202e', level: 3 },
];

export const BASE_PALS: SimBasePalInput[] = [
  { instanceId: '6f1d4b2a-0c3e-4e5f-8a9b-0c1d2e3f4a5b', characterId: 'Anubis', level: 40 },
  { instanceId: '7a2e5c3b-1d4f-4a6b-9c0d-1e2f3a4b5c6d', characterId: 'BOSS_Mammorest', level: 38 },
  { instanceId: '8b3f6d4c-2e5a-4b7c-8d1e-2f3a4b5c6d7e', characterId: 'PinkCat', level: 15 },
  { instanceId: '9c4a7e5d-3f6b-4c8d-9e2f-3a4b5c6d7e8f', characterId: 'SheepBall', level: 9 },
];

function pal(over: Partial<WorldPal> & Pick<WorldPal, 'instanceId' | 'characterId'>): WorldPal {
  return {
    displayName: over.characterId.replace(/^BOSS_/i, ''),
    level: 1,
    isAlpha: /^BOSS_/i.test(over.characterId),
    isLucky: false,
    inParty: false,
    partySlot: null,
    boxPage: null,
    boxSlot: null,
    placement: 'base',
    baseId: 'b0000000-0000-0000-0000-000000000001',
    hp: 1000,
    gender: 'female',
    rank: 1,
    talents: { hp: 50, melee: 50, shot: 50, defense: 50 },
    passiveSkillIds: [],
    equippedSkillIds: [],
    ownerUid: ALICE,
    ownerName: 'Alice',
    ownerSource: 'save',
    ownerResolved: true,
    ...over,
  };
}

/** Save pals: three of the four sim base pals placed at a base, the fourth in a box (so not a worker). */
export const SAVE_PALS: WorldPal[] = [
  pal({ instanceId: BASE_PALS[0].instanceId, characterId: 'Anubis', displayName: 'Anubis' }),
  pal({
    instanceId: BASE_PALS[1].instanceId.toUpperCase(),
    characterId: 'BOSS_Mammorest',
    displayName: 'Mammorest',
    ownerUid: '',
    ownerName: '',
    ownerSource: 'unresolved',
    ownerResolved: false,
  }),
  pal({
    instanceId: BASE_PALS[2].instanceId,
    characterId: 'PinkCat',
    displayName: 'Cattiva',
    baseId: 'b0000000-0000-0000-0000-000000000002',
  }),
  pal({
    instanceId: BASE_PALS[3].instanceId,
    characterId: 'SheepBall',
    displayName: 'Lamball',
    placement: 'box',
    baseId: null,
    boxPage: 0,
    boxSlot: 3,
  }),
  pal({
    instanceId: '11111111-2222-4333-8444-555555555555',
    characterId: 'Foxparks',
    displayName: 'Foxparks',
    placement: 'party',
    baseId: null,
    inParty: true,
    partySlot: 0,
  }),
];
