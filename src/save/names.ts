// Species display names. The built-in table (`assets/names/pals.json`) is the project's own:
// `{ "<character id, lower-case, without BOSS_/GYM_/PREDATOR_>": "<English name>" }`. A user file
// loaded elsewhere may add or override entries. An id missing from both gets a readable name made
// from the id itself (`SheepBall` → `Sheep Ball`), never an empty string.

import builtinPals from '../../assets/names/pals.json' with { type: 'json' };

export interface NameTable {
  /** Display name of a species for a save's CharacterID (any prefix or casing). */
  palName(characterId: string): string;
  /** True when the table (not the fallback) names this id. */
  hasPal(characterId: string): boolean;
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

function addEntries(into: Map<string, string>, source: unknown): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (typeof v !== 'string') continue;
    const name = v.trim();
    const key = speciesKey(k.trim());
    if (name && key) into.set(key, name);
  }
}

/**
 * Builds a name table from the built-in entries and optional overrides (same shape; an override
 * wins). Entries that are not non-empty strings are ignored, so a hand-edited user file cannot
 * produce empty names.
 */
export function createNameTable(builtin: Readonly<Record<string, string>>, overrides?: Readonly<Record<string, string>>): NameTable {
  const names = new Map<string, string>();
  addEntries(names, builtin);
  addEntries(names, overrides);
  // Resolved names by exact id: a world repeats a few hundred ids thousands of times. Bounded so a
  // long-running process cannot grow it without limit.
  const memo = new Map<string, string>();
  return {
    palName(characterId: string): string {
      let name = memo.get(characterId);
      if (name === undefined) {
        name = names.get(speciesKey(characterId)) ?? fallbackName(characterId);
        if (memo.size < 10_000) memo.set(characterId, name);
      }
      return name;
    },
    hasPal(characterId: string): boolean {
      return names.has(speciesKey(characterId));
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
