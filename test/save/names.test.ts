// The project's own species table, checked against the reference names in /work/shared/reference
// (read here only to measure coverage and catch wrong names; never shipped).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import builtin from '../../assets/names/pals.json' with { type: 'json' };
import humans from '../../assets/names/humans.json' with { type: 'json' };
import { createNameTable, defaultNameTable, fallbackName, parseWorld, speciesKey } from '../../src/save/index.js';
import { loadWorld, WORLDS } from './fixtures.js';
import { SHARED } from '../helpers/paths.js';

const REFERENCE = join(SHARED, 'reference', 'names', 'pals.en.json');
const reference = new Map<string, string>();
for (const [k, v] of Object.entries(JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, string>)) {
  reference.set(k.toLowerCase(), v);
}

const fixtureIds = new Set<string>();
beforeAll(async () => {
  for (const w of WORLDS) for (const p of (await parseWorld(loadWorld(w))).pals) fixtureIds.add(p.characterId);
}, 60_000);

describe('species names', () => {
  it('every name of the built-in table equals the reference name for its id', () => {
    const wrong: string[] = [];
    for (const [key, name] of Object.entries(builtin as Record<string, string>)) {
      const ref = reference.get(key);
      if (ref !== undefined && ref !== name) wrong.push(`${key}: ${name} ≠ ${ref}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every name of the humans table equals the reference name for its id, and only humans are in it', () => {
    const t = defaultNameTable();
    for (const [key, name] of Object.entries(humans as Record<string, string>)) {
      expect(reference.get(key)).toBe(name);
      expect(t.isHuman(key)).toBe(true);
      expect(t.palName(key)).toBe(`Human: ${name}`);
    }
  });

  it('resolves the species found in the fixtures (share printed) and gives the reference name', () => {
    const table = defaultNameTable();
    const keys = new Set([...fixtureIds].map(speciesKey));
    const resolved = [...keys].filter((k) => table.hasPal(k));
    const known = [...keys].filter((k) => reference.has(k));
    const share = (100 * resolved.length) / keys.size;
    console.log(
      `name table: ${resolved.length}/${keys.size} fixture species ids resolved (${share.toFixed(1)} %); ${known.length} have a reference name`,
    );
    for (const id of fixtureIds) {
      const key = speciesKey(id);
      const want = table.isHuman(id) ? `Human: ${reference.get(key)}` : reference.get(key);
      if (table.hasPal(id) && reference.has(key)) expect(table.palName(id)).toBe(want);
      expect(table.palName(id)).not.toBe('');
    }
    expect(resolved.length).toBeGreaterThan(keys.size / 2);
  });

  it('matches ids case-insensitively after stripping variant prefixes', () => {
    const t = defaultNameTable();
    expect(t.palName('SheepBall')).toBe('Lamball');
    expect(t.palName('Sheepball')).toBe('Lamball');
    expect(t.palName('BOSS_SheepBall')).toBe('Lamball');
    expect(t.palName('Boss_sheepball')).toBe('Lamball');
    expect(t.palName('GYM_ThunderDragonMan')).toBe('Orserk');
    expect(t.palName('PREDATOR_Kitsunebi')).toBe('Foxparks');
  });

  it('falls back to a readable name from the id, never empty', () => {
    expect(fallbackName('SheepBall')).toBe('Sheep Ball');
    expect(fallbackName('BOSS_PinkRabbit_Grass')).toBe('Pink Rabbit Grass');
    expect(fallbackName('YakushimaMonster001')).toBe('Yakushima Monster 001');
    expect(fallbackName('Male_Soldier02')).toBe('Male Soldier 02');
    expect(fallbackName('')).toBe('Unknown');
    expect(fallbackName('BOSS_')).toBe('Unknown');
    expect(defaultNameTable().palName('NoSuchPal_X')).toBe('No Such Pal X');
  });

  it('lets overrides add and replace names, ignoring non-string or empty entries', () => {
    const t = createNameTable(
      { sheepball: 'Lamball' },
      { SheepBall: 'Woolly', NewPal: 'Newcomer', Bad: '', Worse: 3 as unknown as string },
    );
    expect(t.palName('BOSS_SheepBall')).toBe('Woolly');
    expect(t.palName('newpal')).toBe('Newcomer');
    expect(t.hasPal('Bad')).toBe(false);
    expect(t.palName('Worse')).toBe('Worse');
    expect(t.size).toBe(2);
  });
});
