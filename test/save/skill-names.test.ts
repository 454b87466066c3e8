// The project's own skill tables (assets/names/passives.json, actives.json) against the ids real
// saves carry: every passive and equipped skill id of every fixture world is named, with the
// game's English wording where the reference tables in /work/shared/reference know it (read here
// only to measure; never shipped). Unknown ids stay as they are, marked `known: false`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import actives from '../../assets/names/actives.json' with { type: 'json' };
import passives from '../../assets/names/passives.json' with { type: 'json' };
import { createSkillNames, defaultSkillNames, parseWorld, skillKey } from '../../src/save/index.js';
import { loadWorld, WORLDS, type World } from './fixtures.js';
import { SHARED } from '../helpers/paths.js';

function referenceTable(file: string): Map<string, string> {
  const out = new Map<string, string>();
  const raw = JSON.parse(readFileSync(join(SHARED, 'reference', 'names', file), 'utf8')) as Record<string, string>;
  for (const [k, v] of Object.entries(raw)) out.set(skillKey(k), v);
  return out;
}
const refPassives = referenceTable('passive-skills.en.json');
const refActives = referenceTable('active-skills.en.json');

const seen = new Map<World, { passives: Set<string>; actives: Set<string> }>();
beforeAll(async () => {
  for (const w of WORLDS) {
    const ids = { passives: new Set<string>(), actives: new Set<string>() };
    for (const p of (await parseWorld(loadWorld(w))).pals) {
      for (const id of p.passiveSkillIds) ids.passives.add(id);
      for (const id of p.equippedSkillIds) ids.actives.add(id);
    }
    seen.set(w, ids);
  }
}, 60_000);

describe('skill names', () => {
  it('names every passive and equipped skill id of every fixture world (coverage printed)', () => {
    const t = defaultSkillNames();
    const missing: string[] = [];
    let total = 0;
    for (const w of WORLDS) {
      const { passives: ps, actives: as } = seen.get(w)!;
      const pNamed = [...ps].filter((id) => t.passive(id).known);
      const aNamed = [...as].filter((id) => t.active(id).known);
      console.log(`skill names, ${w}: passives ${pNamed.length}/${ps.size}, active skills ${aNamed.length}/${as.size}`);
      for (const id of ps) if (!t.passive(id).known) missing.push(`${w} passive ${id}`);
      for (const id of as) if (!t.active(id).known) missing.push(`${w} active ${id}`);
      total += ps.size + as.size;
    }
    // The real 1.0 world alone carries 87 passive and 155 active ids: a parse that lost the
    // skills would make this test pass vacuously.
    expect(seen.get('v1.0-relics')!.passives.size).toBeGreaterThan(80);
    expect(seen.get('v1.0-relics')!.actives.size).toBeGreaterThan(150);
    expect(total).toBeGreaterThan(250);
    expect(missing).toEqual([]);
  });

  it("gives the game's wording wherever the reference knows the id", () => {
    const t = defaultSkillNames();
    const wrong: string[] = [];
    for (const [id, name] of Object.entries(passives as Record<string, string>)) {
      const ref = refPassives.get(skillKey(id));
      if (ref !== undefined && (ref !== name || t.passive(id).name !== ref)) wrong.push(`passive ${id}: ${name} ≠ ${ref}`);
    }
    let notInReference = 0;
    for (const [id, name] of Object.entries(actives as Record<string, string>)) {
      const ref = refActives.get(skillKey(id));
      if (ref === undefined) notInReference++;
      else if (ref !== name || t.active(`EPalWazaID::${id}`).name !== ref) wrong.push(`active ${id}: ${name} ≠ ${ref}`);
    }
    expect(wrong).toEqual([]);
    // FlareTwister (a pre-1.0 skill in the v0.6 world) is the one id without reference wording.
    expect(notInReference).toBe(1);
  });

  it('names the ids of the finding readably, whatever the casing or enum prefix', () => {
    const t = defaultSkillNames();
    expect(t.passive('PAL_CorporateSlave')).toEqual({ id: 'PAL_CorporateSlave', name: 'Work Slave', known: true });
    expect(t.passive('Deffence_up1').name).toBe('Hard Skin');
    expect(t.passive('ElementBoost_Fire_1_PAL').name).toBe('Pyromaniac');
    expect(t.passive('pal_corporateslave').name).toBe('Work Slave');
    expect(t.active('AirCanon').name).toBe('Air Cannon');
    expect(t.active('EPalWazaID::AirCanon')).toEqual({ id: 'EPalWazaID::AirCanon', name: 'Air Cannon', known: true });
    expect(t.active('Unique_SheepBall_Roll').name).toBe('Roly Poly');
  });

  it('shows an unknown id as-is, marked unknown, never a made-up name', () => {
    const t = defaultSkillNames();
    expect(t.passive('Brand_New_Passive_9')).toEqual({ id: 'Brand_New_Passive_9', name: 'Brand_New_Passive_9', known: false });
    expect(t.active('EPalWazaID::NoSuchWaza')).toEqual({ id: 'EPalWazaID::NoSuchWaza', name: 'EPalWazaID::NoSuchWaza', known: false });
    expect(t.passive('')).toEqual({ id: '', name: '', known: false });
  });

  it('builds tables from plain objects, ignoring entries that are not non-empty strings', () => {
    const t = createSkillNames({ A: 'Alpha', B: '', C: 3, ' D ': ' Delta ' }, ['not', 'a', 'table']);
    expect(t.passiveCount).toBe(2);
    expect(t.activeCount).toBe(0);
    expect(t.passive('a').name).toBe('Alpha');
    expect(t.passive('B').known).toBe(false);
    expect(t.passive('d').name).toBe('Delta');
  });

  it('keeps the tables to the ids the game uses, not a copy of the reference', () => {
    expect(Object.keys(passives).length).toBeLessThan(refPassives.size / 2);
    expect(Object.keys(actives).length).toBeLessThan(refActives.size);
  });
});
