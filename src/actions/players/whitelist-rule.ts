// The whitelist's one rule, for every caller (the moderator's kicks as players join, the panel's
// "who would this list kick" dry run, a player's row): a player is on the list when an entry names
// their platform user id or their save uid. Entries are compared in the store's key form
// (whitelistKey: a platform id as given, a uid without dashes in upper case); the game's
// `playerId` joins a save uid by the identity rule of interface.md (dashes removed, case
// ignored), so it is keyed by playerIdOfSaveUid, as the store keys its players.
import { playerIdOfSaveUid } from '../../domain/player-id.js';
import { whitelistKey, type WhitelistEntry } from '../../store/moderation.js';

/** What the rule looks at of a player: the game's playerId and platform id (either may be empty). */
export interface WhitelistCandidate {
  playerId: string;
  userId?: string | null;
}

/** The keys of a list not yet stored (the dry run's): an entry that is neither a platform id nor a
 * save uid throws the store's ValidationError (400), as saving it would. The store's own entries
 * are keys already. */
export const whitelistKeys = (entries: readonly Pick<WhitelistEntry, 'id'>[]): Set<string> =>
  new Set(entries.map((e) => whitelistKey(e.id)));

/** True when no key names the player: the whitelist, when on, refuses them. */
export function whitelistRefuses(keys: ReadonlySet<string>, p: WhitelistCandidate): boolean {
  return !keys.has(playerIdOfSaveUid(String(p.playerId))) && !(p.userId && keys.has(p.userId));
}
