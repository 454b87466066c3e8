// Species display names. The built-in table (`assets/names/pals.json`) is the project's own:
// `{ "<character id, lower-case, without BOSS_/GYM_/PREDATOR_>": "<English name>" }`. A user file
// loaded elsewhere may add or override entries. An id missing from both gets a readable name made
// from the id itself (`SheepBall` → `Sheep Ball`), never an empty string.
//
// Captured humans (a world's "pals" include the NPCs a player caught) are named
// `Human: <name>`, their names from `assets/names/humans.json` (same shape, the project's own),
// so a list never shows an internal id like `Male_Trader01_v09` as if it were a species.

import builtinHumans from '../../../assets/names/humans.json' with { type: 'json' };
import builtinPals from '../../../assets/names/pals.json' with { type: 'json' };

export interface NameTable {
  /** Display name of a species for a save's CharacterID (any prefix or casing). */
  palName(characterId: string): string;
  /** True when the table (not the fallback) names this id. */
  hasPal(characterId: string): boolean;
  /** True when the id is a human NPC (a captured human), not a pal species. */
  isHuman(characterId: string): boolean;
  readonly size: number;
}

const VARIANT_PREFIX = /^(?:boss_|gym_|predator_)+/i;

/** The table key of a CharacterID: variant prefixes stripped, lower-case. */
export function speciesKey(characterId: string): string {
  return characterId.replace(VARIANT_PREFIX, '').toLowerCase();
}

/** A readable name from the id alone, for ids the table does not know. */
export function fallbackName(characterId: string): string {
  const base = characterId.replace(VARIANT_PREFIX, '');
  const words = base
    .replace(/[^\p{L}\p{N}_ ]/gu, ' ')
    .replace(/_/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Human NPC ids the humans table may not list yet: the game names them by sex or trade
// (`Male_Soldier04`, `Female_Farmer01_v01`, `Hunter_Rifle`, `Police_Handgun`, `SalesPerson_Wander`,
// `Male_DarkTrader01_03`, `Arena_…`). Anchored on the separator, so `SoldierBee` stays a pal.
const HUMAN_ID = /^(?:male|female|hunter|police|arena|npc)_|^salesperson|^(?:bounty|dark)trader/i;

const HUMAN_LABEL = 'Human: ';

/** A readable name for a human id the tables do not know: the sex and the variant numbers
 * dropped (`Male_Trader01_v09` → `Trader`, `Male_NinjaElite` → `Ninja Elite`). */
export function humanFallbackName(characterId: string): string {
  const base = characterId
    .replace(VARIANT_PREFIX, '')
    .replace(/^(?:male|female)_/i, '')
    .replace(/(?:_?v?\d+)+$/i, '');
  return fallbackName(base || characterId);
}

function addEntries(into: Map<string, string>, source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (typeof v !== 'string') continue;
    const name = v.trim();
    const key = speciesKey(k.trim());
    if (name && key) into.set(key, name);
  }
}

/** The built-in names of human NPCs (without the `Human: ` label), by species key. */
const HUMAN_NAMES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  addEntries(m, builtinHumans);
  return m;
})();

/**
 * Builds a name table from the built-in entries and optional overrides (same shape; an override
 * wins). Entries that are not non-empty strings are ignored, so a hand-edited user file cannot
 * produce empty names.
 */
export function createNameTable(builtin: Readonly<Record<string, string>>, overrides?: Readonly<Record<string, string>>): NameTable {
  const names = new Map<string, string>();
  addEntries(names, builtin);
  addEntries(names, overrides);
  const isHuman = (key: string) => HUMAN_NAMES.has(key) || HUMAN_ID.test(key);
  // Resolved names by exact id: a world repeats a few hundred ids thousands of times. Bounded so a
  // long-running process cannot grow it without limit.
  const memo = new Map<string, string>();
  return {
    palName(characterId: string): string {
      let name = memo.get(characterId);
      if (name === undefined) {
        const key = speciesKey(characterId);
        name = isHuman(key)
          ? HUMAN_LABEL + (names.get(key) ?? HUMAN_NAMES.get(key) ?? humanFallbackName(characterId))
          : (names.get(key) ?? fallbackName(characterId));
        if (memo.size < 10_000) memo.set(characterId, name);
      }
      return name;
    },
    hasPal(characterId: string): boolean {
      const key = speciesKey(characterId);
      return names.has(key) || HUMAN_NAMES.has(key);
    },
    isHuman(characterId: string): boolean {
      return isHuman(speciesKey(characterId));
    },
    size: names.size,
  };
}

/** The project's built-in entries, e.g. as the base for `createNameTable(BUILTIN_PAL_NAMES, userFile)`. */
export const BUILTIN_PAL_NAMES: Readonly<Record<string, string>> = Object.freeze({ ...(builtinPals as Record<string, string>) });

let defaultTable: NameTable | undefined;

/** The table of the project's built-in names. */
export function defaultNameTable(): NameTable {
  defaultTable ??= createNameTable(BUILTIN_PAL_NAMES);
  return defaultTable;
}

/** True when a CharacterID is a human NPC rather than a pal species (the same for every table:
 * user names may rename a human, never make one). */
export function isHumanSpecies(characterId: string): boolean {
  return defaultNameTable().isHuman(characterId);
}
