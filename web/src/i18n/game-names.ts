// The game's own names (species, skills, items, elements, work suitability) in the UI's language.
// Every screen that shows one of these asks here, with the English name the API gave as the
// fallback: the language's table, then English, then a readable form of the id; never empty.
// (The tables arrive with the name-table work; until then this gives the fallback.)
export type NameKind = 'species' | 'passive' | 'active' | 'item' | 'element' | 'work';

export type GameName = (kind: NameKind, id: string, english?: string | null) => string;

/** "SheepBall" → "Sheep Ball", "EPalWazaID::FireBall" → "Fire Ball". */
export function readableId(id: string): string {
  const bare = id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id;
  return bare
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}

export function useGameName(): GameName {
  return (_kind, id, english) => (english && english.trim() ? english : readableId(id));
}
