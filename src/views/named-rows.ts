// The panel's readable rows (named-schemas.ts): built on the Integration API rows, so the spec's
// fields are picked in one place (world-rows.ts) and the panel only adds to them.
import { toMapCoords } from '../lib/map-coords.js';
import type { WorldGuild, WorldPal } from '../domain/world.js';
import { defaultSkillNames, type SkillName, type SkillNameTable } from '../save/world/skill-names.js';
import { isHumanSpecies } from '../save/world/names.js';
import { guildLabels } from './guild-labels.js';
import type { LabelledGuildRow, NamedPalRow, NamedPalWithOwnerRow } from '../contract/named-rows.js';
import { guildRow, palRow, palWithOwnerRow } from './world-rows.js';

export { isHumanSpecies };

function named(p: WorldPal, skills: SkillNameTable) {
  return {
    isHuman: isHumanSpecies(p.characterId),
    passiveSkills: p.passiveSkillIds.map((id) => skills.passive(id)),
    equippedSkills: p.equippedSkillIds.map((id) => skills.active(id)),
  };
}

export function namedPalRow(p: WorldPal, skills: SkillNameTable = defaultSkillNames()): NamedPalRow {
  return { ...palRow(p), ...named(p, skills) };
}

export function namedPalWithOwnerRow(p: WorldPal, skills: SkillNameTable = defaultSkillNames()): NamedPalWithOwnerRow {
  return { ...palWithOwnerRow(p), ...named(p, skills) };
}

/** Guild rows with display names. `all` is every guild of the parse (names are told apart
 * across all of them); `guilds` the ones to return, all by default. */
export function labelledGuildRows(all: readonly WorldGuild[], guilds: readonly WorldGuild[] = all): LabelledGuildRow[] {
  const labels = guildLabels(all);
  return guilds.map((g) => {
    const row = guildRow(g);
    const label = labels.get(g.id);
    return {
      ...row,
      displayName: label?.name ?? row.name,
      // In the numbering's order (id order), so "base 1" comes first.
      bases: row.bases
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((b) => ({
          ...b,
          displayName: label?.bases.get(b.id) ?? b.name ?? 'Base',
          map: b.location ? toMapCoords(b.location) : null,
        })),
    };
  });
}

/** A passive skill id with its name, as the pal rows give it (the explorer's skill filter). */
export function passiveSkillName(id: string, skills: SkillNameTable = defaultSkillNames()): SkillName {
  return skills.passive(id);
}
