// What the pal screens say about a pal, in one place: placement words, why a placement is
// unknown, and the names of skills. Skill names come through `skillName` alone, so a name table
// (another change is adding one) slots in here and every pal screen follows.
import type { Placement, UnknownReason } from '../../../../src/contract/vocabulary';

export const PLACEMENT_WORDS: Record<Placement, string> = { party: 'Party', box: 'Palbox', base: 'Base', unknown: 'Unknown' };

/** Why the panel cannot say where a pal is (store/pal-explorer.ts `UnknownReason`), for a host. */
export const UNKNOWN_WORDS: Record<UnknownReason, string> = {
  owner_file_missing:
    "Its owner's player file (Players/<uid>.sav) is not in the save folder, and only that file says which containers are their party and Palbox.",
  owner_not_player: 'Its owner is not a player of this save (a removed character?), so their party and Palbox cannot be named.',
  no_owner: 'The save names no owner for it, so no party or Palbox can be matched.',
  other_container:
    "It is in none of its owner's party, Palbox or a listed base's workers: another container, such as a guild chest or a cage.",
};

/** A short form of the reason, for a table cell or a card line. */
export const UNKNOWN_SHORT: Record<UnknownReason, string> = {
  owner_file_missing: 'owner file missing',
  owner_not_player: 'owner not in save',
  no_owner: 'no owner',
  other_container: 'other container',
};

/** A skill id as a name. For now the id with its separators spaced out; the one place to put a table. */
export function skillName(id: string): string {
  return id.replace(/_/g, ' ');
}

/** Condenser stars as text for screen readers and titles. */
export const starsWords = (n: number): string => (n === 0 ? 'not condensed' : `${n} condenser star${n === 1 ? '' : 's'}`);
