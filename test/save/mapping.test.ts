// Mapping rules on a synthetic world: placement from exact container matches only, owner order
// save → personal_container → last_observed → unresolved, alpha/lucky, rank/gender defaults,
// progression fields, and format drift that skips only the broken item.
import { describe, expect, it } from 'vitest';
import type { WorldPal } from '../../src/domain/world.js';
import { decodeWorld, SaveReadError } from '../../src/save/index.js';
import {
  BASE,
  BOX1,
  characterBlob,
  characterEntry,
  GUILD,
  intProp,
  levelSav,
  P1,
  P2,
  P3,
  PARTY1,
  owner,
  pal,
  player,
  playerSav,
  prop,
  sampleWorld as world,
  strProp,
  ZERO,
} from './synthetic.js';
import { g, W } from './writer.js';

const byId = (pals: WorldPal[], n: number) => pals.find((p) => p.instanceId === g(n))!;

describe('synthetic world', () => {
  const r = decodeWorld(world(), 'GVAS');

  it('maps players with guild and progression only where a player file exists', () => {
    expect(r.formatDrift).toBe(false);
    expect(r.players).toEqual([
      {
        uid: P1,
        name: 'Uno',
        level: 30,
        guildId: GUILD,
        guildName: 'Guild',
        lastOnlineAt: '2026-07-11T15:56:23.457Z',
        captureTotal: 6,
        uniquePalsCaptured: 2,
        paldeckUnlocked: 1,
        // The per-species lists the counters come from, with names from the species table.
        paldeck: [
          { key: 'Human', name: 'Human', unlocked: false, captured: 1 },
          { key: 'PinkCat', name: 'Cattiva', unlocked: false, captured: 2 },
          { key: 'SheepBall', name: 'Lamball', unlocked: true, captured: 3 },
        ],
      },
      { uid: P2, name: 'Dos', level: 12, guildId: GUILD, guildName: 'Guild' },
      { uid: P3, name: 'Tres', level: 1 },
    ]);
    expect(r.meta).toEqual({ container: 'GVAS', gameVersion: '1.0', day: 3 });
  });

  it('places pals from exact container matches only', () => {
    expect(byId(r.pals, 0xa01)).toMatchObject({ placement: 'party', inParty: true, partySlot: 2, boxPage: null, baseId: null });
    expect(byId(r.pals, 0xa02)).toMatchObject({ placement: 'box', boxPage: 1, boxSlot: 1, partySlot: null });
    expect(byId(r.pals, 0xa04)).toMatchObject({ placement: 'base', baseId: BASE });
    expect(byId(r.pals, 0xa06)).toMatchObject({ placement: 'unknown', baseId: null, boxPage: null, partySlot: null });
  });

  it('resolves owners in the order save, personal container, last observed, unresolved', () => {
    expect(byId(r.pals, 0xa01)).toMatchObject({ ownerUid: P1, ownerName: 'Uno', ownerSource: 'save', ownerResolved: true });
    expect(byId(r.pals, 0xa03)).toMatchObject({ ownerUid: P1, ownerSource: 'personal_container', ownerResolved: true });
    expect(byId(r.pals, 0xa04)).toMatchObject({ ownerUid: P2, ownerName: 'Dos', ownerSource: 'last_observed', ownerResolved: true });
    expect(byId(r.pals, 0xa06)).toMatchObject({ ownerUid: '', ownerName: '', ownerSource: 'unresolved', ownerResolved: false });
    // An owner with no player row: the name from the guild record, not resolved.
    expect(byId(r.pals, 0xa07)).toMatchObject({
      ownerUid: g(0x77),
      ownerName: 'Gone',
      ownerSource: 'save',
      ownerResolved: false,
      placement: 'unknown',
    });
    // The party container belongs to P1, but the save names P2 as owner: the save wins.
    expect(byId(r.pals, 0xa05)).toMatchObject({ ownerUid: P2, ownerSource: 'save', placement: 'party', displayName: 'Human: Islander' });
  });

  it('maps pal fields', () => {
    expect(byId(r.pals, 0xa01)).toMatchObject({
      characterId: 'SheepBall',
      displayName: 'Lamball',
      level: 5,
      gender: 'female',
      rank: 3,
      hp: 512.5,
      isAlpha: false,
      isLucky: false,
      talents: { hp: 70, melee: 0, shot: 60, defense: 50 },
      passiveSkillIds: ['Rare'],
      equippedSkillIds: ['AirCanon', 'Unique_SheepBall_Roll'],
    });
    expect(byId(r.pals, 0xa02)).toMatchObject({ level: 1, gender: 'male', rank: null, hp: 0, passiveSkillIds: [], equippedSkillIds: [] });
    expect(byId(r.pals, 0xa03)).toMatchObject({ isAlpha: true, isLucky: false, displayName: 'Foxparks', gender: 'unknown' });
    expect(byId(r.pals, 0xa04)).toMatchObject({ isAlpha: false, isLucky: true, displayName: 'Chikipi' });
    expect(r.pals.map((p) => p.instanceId)).toEqual([...r.pals.map((p) => p.instanceId)].sort());
  });

  it('lists the guild with its base and level', () => {
    expect(r.guilds).toEqual([
      {
        id: GUILD,
        name: 'Guild',
        adminUid: P1,
        members: [
          { uid: P1, name: 'Uno' },
          { uid: P2, name: 'Dos' },
          { uid: g(0x77), name: 'Gone' },
        ],
        bases: [{ id: BASE, name: null, location: { x: 10, y: 20 }, level: 7 }],
      },
    ]);
  });
});

describe('format drift', () => {
  it('skips properties nobody reads without looking at their type', () => {
    const r = decodeWorld(world([prop('FancyNewThing', 'FancyProperty', new Uint8Array([1, 2, 3, 4, 5]))]), 'GVAS');
    expect(r.formatDrift).toBe(false);
    expect(r.pals).toHaveLength(7);
  });

  it('skips a needed property of unknown type by its size and flags drift', () => {
    const odd = characterEntry(ZERO, g(0xb02), pal('PinkCat', [prop('Level', 'FancyProperty', new Uint8Array([1, 2, 3])), owner(P1)]));
    const r = decodeWorld(world([], [odd]), 'GVAS');
    expect(r.formatDrift).toBe(true);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({
      file: 'Level.sav',
      path: 'worldSaveData.CharacterSaveParameterMap[10].RawData.SaveParameter.Level',
    });
    expect(r.warnings[0].message).toMatch(/unknown property type FancyProperty/);
    expect(byId(r.pals, 0xb02)).toMatchObject({ level: 1, ownerUid: P1 });
    expect(r.pals).toHaveLength(8);
  });

  it('keeps what was read before a tag that cannot be followed', () => {
    // A future type with extra tag data: the parser cannot know where its value starts.
    const future = prop('FutureThing', 'FutureProperty', new Uint8Array(8), (w) => w.u32(0xdeadbeef).u32(0xfeedface));
    const r = decodeWorld(world([future]), 'GVAS');
    expect(r.formatDrift).toBe(true);
    expect(r.warnings[0].path).toBe('worldSaveData');
    expect(r.pals).toHaveLength(7);
    expect(r.guilds).toHaveLength(1);
  });

  it('skips a character whose raw data fits no layout, keeping the others', () => {
    const bad = characterEntry(
      ZERO,
      g(0xbad),
      new W()
        .bytes(characterBlob([strProp('CharacterID', 'PinkCat')]))
        .u32(1)
        .u8(1)
        .done(),
    );
    const r = decodeWorld(world([], [bad]), 'GVAS');
    expect(r.formatDrift).toBe(true);
    expect(r.warnings[0].path).toBe('worldSaveData.CharacterSaveParameterMap[10].RawData');
    expect(r.pals).toHaveLength(7);
  });

  it('reports a guild of unknown layout and leaves its players guildless', () => {
    const w = world();
    const level = levelSav({
      characters: [characterEntry(P1, g(0x901), player('Uno', 30))],
      guilds: [{ id: GUILD, type: 'EPalGroupType::Guild', raw: new Uint8Array(50) }],
      bases: [],
    });
    const r = decodeWorld({ level, players: w.players }, 'GVAS');
    expect(r.formatDrift).toBe(true);
    expect(r.guilds).toEqual([]);
    expect(r.players[0].guildId).toBeUndefined();
  });

  it('omits progression for an unreadable player file with a warning, without drift', () => {
    const w = world();
    const r = decodeWorld({ level: w.level, players: new Map([['00000001000000000000000000000000', new Uint8Array([1, 2, 3])]]) }, 'GVAS');
    expect(r.formatDrift).toBe(false);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0].file).toBe('Players/00000001000000000000000000000000.sav');
    expect(r.players[0]).toEqual({ uid: P1, name: 'Uno', level: 30, guildId: GUILD, guildName: 'Guild' });
    // Without the player file the party and box containers are unknown.
    expect(byId(r.pals, 0xa01).placement).toBe('unknown');
    expect(byId(r.pals, 0xa03)).toMatchObject({ placement: 'unknown', ownerSource: 'unresolved' });
  });

  it('throws SaveReadError for a Level without world data', () => {
    const notLevel = playerSav({ uid: P1, party: PARTY1, box: BOX1 });
    expect(() => decodeWorld({ level: notLevel, players: new Map() }, 'GVAS')).toThrow(SaveReadError);
    expect(() => decodeWorld({ level: new Uint8Array(3), players: new Map() }, 'GVAS')).toThrow(SaveReadError);
  });

  it('keeps int-typed v0.1 fields', () => {
    const r = decodeWorld(
      world([], [characterEntry(ZERO, g(0xb01), pal('SheepBall', [owner(P1), intProp('Level', 9), intProp('Talent_Melee', 40)]))]),
      'GVAS',
    );
    expect(byId(r.pals, 0xb01)).toMatchObject({ level: 9, talents: { melee: 40 } });
  });
});
