// The explorer's filters as the address holds them, its sorts, its star choices, and a filter
// in words for its chip. Labels are message ids of the `pals` catalog.
import type { IntlShape } from 'react-intl';
import { placementWord } from './pal-words';

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
/** The sorts the explorer offers, each with the message id of its name. */
export const SORTS: Record<string, string> = {
  level: 'pals.sort.level',
  name: 'pals.sort.name',
  species: 'pals.sort.species',
  stars: 'pals.sort.stars',
  talents: 'pals.sort.talents',
  owner: 'pals.sort.owner',
};
export const STAR_CHOICES: Record<string, { label: string; min?: string; max?: string }> = {
  '': { label: 'pals.stars.any' },
  none: { label: 'pals.stars.none', max: '0' },
  '1': { label: 'pals.stars.min1', min: '1' },
  '2': { label: 'pals.stars.min2', min: '2' },
  '3': { label: 'pals.stars.min3', min: '3' },
  '4': { label: 'pals.stars.min4', min: '4' },
};

export function chipWords(intl: IntlShape, k: FilterKey, v: string, passiveName: (id: string) => string): string {
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `pals.chip.${id}` }, values);
  switch (k) {
    case 'owner':
      return say('owner', { v });
    case 'species':
      return say('species', { v });
    case 'placement':
      return say('placement', { where: placementWord(intl, v) });
    case 'kind':
      return say(v === 'human' ? 'humans' : 'palsOnly');
    case 'minLevel':
      return say('minLevel', { v });
    case 'maxLevel':
      return say('maxLevel', { v });
    case 'alpha':
      return say(v === 'true' ? 'alpha' : 'notAlpha');
    case 'lucky':
      return say(v === 'true' ? 'lucky' : 'notLucky');
    case 'minStars':
      return say('minStars', { v });
    case 'maxStars':
      return say('maxStars', { v });
    case 'passive':
      return say('passive', { name: passiveName(v) });
  }
}
