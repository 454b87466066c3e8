// Captured humans on the real 1.0 world: the NPCs a player caught are listed among the pals, and
// are named `Human: <name>` instead of their internal ids (`Male_Trader01_v09`).
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultNameTable, humanFallbackName, isHumanSpecies, parseWorld, speciesKey } from '../../src/save/index.js';
import type { WorldPal } from '../../src/domain/world.js';
import { loadWorld } from './fixtures.js';

let pals: WorldPal[] = [];
beforeAll(async () => {
  pals = (await parseWorld(loadWorld('v1.0-relics'))).pals;
}, 60_000);

describe('captured humans', () => {
  it('labels every human of the real 1.0 world readably and no pal species as human', () => {
    const humans = pals.filter((p) => isHumanSpecies(p.characterId));
    const species = new Set(humans.map((p) => speciesKey(p.characterId)));
    console.log(`humans on v1.0-relics: ${humans.length} of ${pals.length} pals, ${species.size} kinds: ${[...species].sort().join(', ')}`);
    // The world holds 14 kinds of human (traders, merchants, syndicate, islanders, soldiers...).
    expect(species.size).toBeGreaterThanOrEqual(14);
    for (const p of humans) {
      expect(p.displayName).toMatch(/^Human: \p{Lu}/u);
      // Nothing of the internal id shows: no underscores, no variant numbers, no Male/Female.
      expect(p.displayName).not.toMatch(/_|\d|\b(?:Male|Female)\b/);
    }
    const byId = new Map(humans.map((p) => [p.characterId, p.displayName]));
    expect(byId.get('Male_Trader01_v09')).toBe('Human: Shady Pharmacist');
    expect(byId.get('SalesPerson_Wander')).toBe('Human: Wandering Merchant');
    expect(byId.get('Hunter_Handgun')).toBe('Human: Syndicate Thug');
    expect(byId.get('BOSS_Male_NinjaElite')).toBe('Human: Ninja Elite');
    for (const p of pals.filter((x) => !isHumanSpecies(x.characterId))) expect(p.displayName.startsWith('Human')).toBe(false);
    expect(pals.find((p) => p.characterId === 'SoldierBee')?.displayName).toBe('Beegarde');
  });

  it('recognises human ids the table does not list, by their naming', () => {
    const t = defaultNameTable();
    for (const id of ['Police_Handgun', 'Female_Ranger01_v03', 'BOSS_Male_Trader02', 'BountyTrader', 'Male_DarkTrader02']) {
      expect(t.isHuman(id)).toBe(true);
      expect(t.palName(id)).toMatch(/^Human: /);
    }
    for (const id of ['SoldierBee', 'SheepBall', 'BOSS_Anubis', 'MaleLion', 'Hunterfish']) expect(t.isHuman(id)).toBe(false);
    expect(t.palName('Police_Handgun')).toBe('Human: Police Handgun');
  });

  it('makes a readable human name from the id alone', () => {
    expect(humanFallbackName('Male_Trader01_v09')).toBe('Trader');
    expect(humanFallbackName('BOSS_Female_Ranger01_v03')).toBe('Ranger');
    expect(humanFallbackName('Male_NinjaElite')).toBe('Ninja Elite');
    expect(humanFallbackName('Male_Soldier02')).toBe('Soldier');
    expect(humanFallbackName('Male_')).toBe('Male');
  });
});
