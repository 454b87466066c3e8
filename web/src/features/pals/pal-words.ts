// What the pal screens say about a pal, in one place: placement words, why a placement is
// unknown, condenser stars in words. Each takes the screen's `IntlShape`, so every pal screen
// reads them from the `pals` catalog in the user's language. Skill and species names come through
// `useGameName` (the game's own names), with `skillName` as the readable form of an unnamed id.
import type { IntlShape } from 'react-intl';
import { UNKNOWN_REASONS, type UnknownReason } from '../../../../src/contract/vocabulary';

export { UNKNOWN_REASONS };

export const placementWord = (intl: IntlShape, p: string): string => intl.formatMessage({ id: 'pals.placement' }, { placement: p });

/** Why the panel cannot say where a pal is (store/pal-explorer.ts `UnknownReason`), for a host. */
export const unknownWords = (intl: IntlShape, r: UnknownReason): string =>
  intl.formatMessage({ id: `pals.unknown.${r}` }, { file: 'Players/<uid>.sav' });

/** A short form of the reason, for a table cell or a card line. */
export const unknownShort = (intl: IntlShape, r: UnknownReason): string => intl.formatMessage({ id: `pals.unknownShort.${r}` });

/** A skill id as a name, when neither the panel nor the name tables know it. */
export function skillName(id: string): string {
  return id.replace(/_/g, ' ');
}

/** Condenser stars as text for screen readers and titles. */
export const starsWords = (intl: IntlShape, n: number): string => intl.formatMessage({ id: 'pals.stars.words' }, { n });
