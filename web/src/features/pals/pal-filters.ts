// The explorer's filters as the address holds them, its sorts, its star choices, and a filter
// in words for its chip.
import { PLACEMENT_WORDS } from './pal-words';

export const FILTER_KEYS = [
  'owner',
  'species',
  'placement',
  'kind',
  'minLevel',
  'maxLevel',
  'alpha',
  'lucky',
  'minStars',
  'maxStars',
  'passive',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const SORTS: Record<string, string> = {
  level: 'Level',
  name: 'Name',
  species: 'Species id',
  stars: 'Stars',
  talents: 'Talents (sum)',
  owner: 'Owner',
};
export const STAR_CHOICES: Record<string, { label: string; min?: string; max?: string }> = {
  '': { label: 'Any' },
  none: { label: 'None (not condensed)', max: '0' },
  '1': { label: '★ 1 or more', min: '1' },
  '2': { label: '★★ 2 or more', min: '2' },
  '3': { label: '★★★ 3 or more', min: '3' },
  '4': { label: '★★★★ 4', min: '4' },
};

export function chipWords(k: FilterKey, v: string, passiveName: (id: string) => string): string {
  switch (k) {
    case 'owner':
      return `owner “${v}”`;
    case 'species':
      return `species “${v}”`;
    case 'placement':
      return `in ${PLACEMENT_WORDS[v as keyof typeof PLACEMENT_WORDS] ?? v}`;
    case 'kind':
      return v === 'human' ? 'captured humans' : 'pals only';
    case 'minLevel':
      return `level ≥ ${v}`;
    case 'maxLevel':
      return `level ≤ ${v}`;
    case 'alpha':
      return v === 'true' ? 'alpha' : 'not alpha';
    case 'lucky':
      return v === 'true' ? 'lucky' : 'not lucky';
    case 'minStars':
      return `★ ≥ ${v}`;
    case 'maxStars':
      return `★ ≤ ${v}`;
    case 'passive':
      return `passive ${passiveName(v)}`;
  }
}
