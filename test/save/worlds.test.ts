// Every fixture world parses without format drift, with the figures of PROVENANCE.md and spot
// checks of named players, guilds and pals.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWorld, type ParseResult } from '../../src/save/index.js';
import { loadWorld, WORLDS, type World } from './fixtures.js';

const results = new Map<World, ParseResult>();

beforeAll(async () => {
  for (const w of WORLDS) results.set(w, await parseWorld(loadWorld(w)));
}, 60_000);

function world(w: World): ParseResult {
  const r = results.get(w);
  if (!r) throw new Error(`${w} not parsed`);
  return r;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const ID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

describe.each(WORLDS)('%s', (w) => {
  it('parses without drift or warnings, with well-formed rows', () => {
    const r = world(w);
    expect(r.formatDrift).toBe(false);
    expect(r.warnings).toEqual([]);
    for (const p of r.players) {
      expect(p.uid).toMatch(ID);
      expect(p.level).toBeGreaterThanOrEqual(1);
      if (p.lastOnlineAt) expect(p.lastOnlineAt).toMatch(ISO);
      const prog = [p.captureTotal, p.uniquePalsCaptured, p.paldeckUnlocked].filter((x) => x !== undefined);
      expect([0, 3]).toContain(prog.length);
    }
    const baseIds = new Set(r.guilds.flatMap((g) => g.bases.map((b) => b.id)));
    for (const p of r.pals) {
      expect(p.instanceId).toMatch(ID);
      expect(p.displayName).not.toBe('');
      expect(['female', 'male', 'unknown']).toContain(p.gender);
      expect(p.rank === null || p.rank >= 1).toBe(true);
      if (p.placement === 'base') expect(baseIds.has(p.baseId!)).toBe(true);
      else expect(p.baseId).toBeNull();
      expect(p.inParty).toBe(p.placement === 'party');
      if (p.placement === 'box') {
        expect(p.boxSlot).toBeGreaterThanOrEqual(0);
        expect(p.boxSlot).toBeLessThan(30);
      }
      for (const s of p.equippedSkillIds) expect(s).not.toContain('::');
      if (p.ownerSource === 'unresolved') expect(p.ownerUid).toBe('');
      else expect(p.ownerUid).toMatch(ID);
    }
    for (const g of r.guilds) {
      expect(g.id).toMatch(ID);
      for (const b of g.bases) expect(b.name).toBeNull();
    }
    const ids = r.pals.map((p) => p.instanceId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('v1.0-relics', () => {
  it('has the figures of PROVENANCE.md', () => {
    const r = world('v1.0-relics');
    expect(r.meta).toMatchObject({ container: 'PlM1', gameVersion: '1.0', day: 61, worldName: 'Autosave_W' });
    expect(r.players).toHaveLength(17);
    expect(r.pals).toHaveLength(2150);
    expect(r.guilds).toHaveLength(10);
    expect(r.guilds.reduce((n, g) => n + g.bases.length, 0)).toBe(15);
    const count = (pl: string) => r.pals.filter((p) => p.placement === pl).length;
    expect({ box: count('box'), party: count('party'), base: count('base'), unknown: count('unknown') }).toEqual({
      box: 926,
      party: 36,
      base: 143,
      unknown: 1045,
    });
    const lucky = r.pals.filter((p) => p.isLucky);
    expect(lucky).toHaveLength(17);
    for (const p of lucky) {
      expect(p.characterId.toUpperCase().startsWith('BOSS_')).toBe(true);
      expect(p.isAlpha).toBe(false);
    }
    expect(r.pals.filter((p) => p.level === 1)).toHaveLength(49);
    expect(new Set(r.guilds.flatMap((g) => g.bases.map((b) => b.level)))).toEqual(new Set([16, 12, 13, 14, 4, 1]));
  });

  it('leaves pals in containers of players without a player file unknown', () => {
    const r = world('v1.0-relics');
    const withFile = new Set(r.players.filter((p) => p.captureTotal !== undefined).map((p) => p.uid));
    expect(withFile.size).toBe(9);
    const unknown = r.pals.filter((p) => p.placement === 'unknown');
    expect(unknown.every((p) => !withFile.has(p.ownerUid))).toBe(true);
    for (const p of unknown) expect([p.partySlot, p.boxPage, p.boxSlot, p.baseId]).toEqual([null, null, null, null]);
  });

  it('reads named players, guilds and pals', () => {
    const r = world('v1.0-relics');
    const espat = r.players.find((p) => p.uid === 'E1530496-0000-0000-0000-000000000000');
    // The per-species list is checked against the save in test/http/guild-paldeck-routes.test.ts.
    expect(espat?.paldeck).toHaveLength(146);
    expect({ ...espat, paldeck: undefined }).toEqual({
      paldeck: undefined,
      uid: 'E1530496-0000-0000-0000-000000000000',
      name: 'espat',
      level: 65,
      guildId: '3A4F4CE7-4D7F-3070-5078-868109F7E02A',
      guildName: 'Unnamed Guild',
      lastOnlineAt: '2026-07-11T15:56:23.457Z',
      captureTotal: 471,
      uniquePalsCaptured: 146,
      paldeckUnlocked: 146,
    });
    // No player file: progression and last-online omitted, guild still known.
    const fury = r.players.find((p) => p.name === 'Fury');
    expect(fury).toEqual({
      uid: '8E3D1942-0000-0000-0000-000000000000',
      name: 'Fury',
      level: 35,
      guildId: 'EC156B11-490A-A75A-2AFE-01BB1762A646',
      guildName: 'Unnamed Guild',
    });
    // One record with 43 deck flags against 42 species captured.
    expect(r.players.find((p) => p.name === 'Alexia (MelR0se)')).toMatchObject({ uniquePalsCaptured: 42, paldeckUnlocked: 43 });

    const drama = r.guilds.find((g) => g.name === 'No-Poke-Drama');
    expect(drama).toMatchObject({ id: 'A39AE587-40D8-A2FB-55BA-C4A0BAABE644', adminUid: '5BF05040-0000-0000-0000-000000000000' });
    expect(drama!.members.map((m) => m.name).sort()).toEqual(['Enekis', 'KuramaQc15']);
    expect(drama!.bases).toHaveLength(1);
    expect(drama!.bases[0].level).toBe(13);
    expect(drama!.bases[0].location).not.toBeNull();

    const wixen = r.pals.find((p) => p.instanceId === 'F52933E0-4587-A796-9972-C8A704112AF0');
    expect(wixen).toMatchObject({
      characterId: 'BOSS_FoxMage',
      displayName: 'Wixen',
      level: 28,
      isAlpha: true,
      isLucky: false,
      gender: 'male',
      placement: 'box',
      boxPage: 0,
      boxSlot: 0,
      hp: 2587,
      rank: null,
      talents: { hp: 96, melee: 0, shot: 100, defense: 66 },
      passiveSkillIds: ['PAL_Sanity_Down_2'],
      equippedSkillIds: ['GhostFlame', 'FlareArrow', 'FireSeed'],
      ownerUid: 'E1530496-0000-0000-0000-000000000000',
      ownerName: 'espat',
      ownerSource: 'save',
      ownerResolved: true,
    });
  });

  it('attributes base workers without an owner to their last owner', () => {
    const r = world('v1.0-relics');
    const base = r.pals.filter((p) => p.placement === 'base');
    expect(base.every((p) => p.ownerSource === 'last_observed' && p.ownerResolved)).toBe(true);
    expect(r.pals.filter((p) => p.ownerSource === 'save')).toHaveLength(2007);
  });
});

describe('older worlds', () => {
  it('v0.1-coop: old field names, first guild layout, a base worker', () => {
    const r = world('v0.1-coop');
    expect(r.meta).toMatchObject({ container: 'PlZ2', gameVersion: '0.1', day: 1, worldName: 'Snacks Local to Dedi Test' });
    expect(r.players).toEqual([
      {
        uid: '00000000-0000-0000-0000-000000000001',
        name: 'Deathsnacks',
        level: 3,
        guildId: '03836AFE-4BA7-6A9D-E7D7-7D891B70B1A2',
        guildName: 'Local Loot Goblins',
        captureTotal: 2,
        uniquePalsCaptured: 2,
        paldeckUnlocked: 2,
        paldeck: [
          { key: 'ChickenPal', name: 'Chikipi', unlocked: true, captured: 1 },
          { key: 'Sheepball', name: 'Lamball', unlocked: true, captured: 1 },
        ],
      },
    ]);
    const lamball = r.pals.find((p) => p.characterId === 'Sheepball');
    expect(lamball).toMatchObject({
      displayName: 'Lamball',
      placement: 'party',
      partySlot: 0,
      hp: 178.008,
      talents: { hp: 39, melee: 19, shot: 45, defense: 82 },
    });
    const chikipi = r.pals.find((p) => p.characterId === 'ChickenPal');
    expect(chikipi).toMatchObject({ placement: 'base', baseId: 'B3F7A36D-46D2-A101-7CEA-23BC86209307' });
    expect(r.guilds[0].bases[0]).toMatchObject({ id: 'B3F7A36D-46D2-A101-7CEA-23BC86209307', name: null, level: 1 });
  });

  it('v0.1-unicode: UTF-16 names and emoji survive', () => {
    const r = world('v0.1-unicode');
    const name = '🤬🇺🇸测试測試テスト👆🏿';
    expect(r.players[0].name).toBe(name);
    expect(r.guilds[0].name).toBe(name);
    expect(r.guilds[0].members[0].name).toBe(name);
    expect(r.players[0].guildName).toBe(name);
    // The game cut the world name inside the last surrogate pair; the code units are kept as written.
    expect(r.meta.worldName).toBe('Unicode Test: 🤬🇺🇸测试測試テスト👆\ud83c');
  });

  it('v0.3.2-level-only: no player files, so no progression fields', () => {
    const r = world('v0.3.2-level-only');
    expect(r.meta).toMatchObject({ container: 'PlZ2', gameVersion: '0.3' });
    expect(r.meta.worldName).toBeUndefined();
    expect(r.players).toEqual([
      {
        uid: '00000000-0000-0000-0000-000000000001',
        name: 'WombatGTS',
        level: 1,
        guildId: 'EE5B7B2F-401A-33A3-42DE-63ACAC6B5EB7',
        guildName: 'Unnamed Guild',
      },
    ]);
  });

  it('v0.6 worlds: Oodle, the 0.6 guild tail, party and box placement', () => {
    const r = world('v0.6-world1');
    expect(r.meta).toMatchObject({ container: 'PlM1', gameVersion: '0.6', worldName: 'Autosave_W' });
    expect(r.players.map((p) => [p.name, p.level])).toEqual([
      ['sky', 2],
      ['O', 65],
    ]);
    expect(r.guilds).toHaveLength(2);
    expect(r.pals).toHaveLength(11);
    expect(
      r.pals
        .filter((p) => p.placement === 'party')
        .map((p) => p.partySlot)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(r.pals.filter((p) => p.placement === 'box')).toHaveLength(6);
    expect(r.pals.find((p) => p.characterId === 'KingBahamut_Dragon')?.rank).toBe(5);
    const r2 = world('v0.6-world2');
    expect(r2.meta.gameVersion).toBe('0.6');
    expect(r2.players.map((p) => [p.name, p.level])).toEqual([['O', 2]]);
  });
});
