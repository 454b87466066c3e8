// Skill display names. The built-in tables are the project's own, written from the ids that real
// saves carry: `assets/names/passives.json` (PassiveSkillList ids) and `assets/names/actives.json`
// (EquipWaza ids without their `EPalWazaID::` prefix), `{ "<id>": "<English name>" }`, matched
// case-insensitively. An id the tables do not know keeps its id as its name and `known: false`,
// so a screen shows it as-is and marks it instead of inventing a name.

import builtinActives from '../../../assets/names/actives.json' with { type: 'json' };
import builtinPassives from '../../../assets/names/passives.json' with { type: 'json' };

export type { SkillName } from '../../contract/named-rows.js';
import type { SkillName } from '../../contract/named-rows.js';

export interface SkillNameTable {
  passive(id: string): SkillName;
  active(id: string): SkillName;
  readonly passiveCount: number;
  readonly activeCount: number;
}

/** The table key of a skill id: any enum prefix (`EPalWazaID::`) dropped, lower-case. */
export function skillKey(id: string): string {
  return id
    .trim()
    .replace(/^[^:]*::/, '')
    .toLowerCase();
}

function entries(source: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return out;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    const name = typeof v === 'string' ? v.trim() : '';
    const key = skillKey(k);
    if (name && key) out.set(key, name);
  }
  return out;
}

function lookup(names: ReadonlyMap<string, string>): (id: string) => SkillName {
  return (id) => {
    const name = names.get(skillKey(id));
    return name === undefined ? { id, name: id, known: false } : { id, name, known: true };
  };
}

/** A skill table from `{ id: name }` objects; entries that are not non-empty strings are ignored. */
export function createSkillNames(passives: unknown, actives: unknown): SkillNameTable {
  const p = entries(passives);
  const a = entries(actives);
  return { passive: lookup(p), active: lookup(a), passiveCount: p.size, activeCount: a.size };
}

let defaultSkills: SkillNameTable | undefined;

/** The table of the project's built-in skill names. */
export function defaultSkillNames(): SkillNameTable {
  defaultSkills ??= createSkillNames(builtinPassives, builtinActives);
  return defaultSkills;
}
