// The one identity rule between a save and the game's REST API (interface.md, Decisions): an
// online player joins a save player when the REST `playerId` equals the save uid with dashes
// removed, ignoring case. The co-op host uid 00000000-0000-0000-0000-000000000001 is a real
// player; an all-zero id is a player still loading and matches nobody. The store keys its player
// rows with the same function, so `/players/{uid}` and the online join cannot disagree.

const ZERO_ID = '0'.repeat(32);

/** Save uid (dashed or not, any case) → its join key, the REST `playerId` spelling: the hex
 * digits in upper case, dashes removed. */
export function playerIdOfSaveUid(uid: string): string {
  return uid.replace(/-/g, '').toUpperCase();
}

/** A usable REST `playerId`: 32 hex digits and not all zero. */
export function isIdentifiedPlayerId(playerId: string): boolean {
  return /^[0-9A-Fa-f]{32}$/.test(playerId) && playerId !== ZERO_ID;
}

export function matchesSaveUid(playerId: string, saveUid: string): boolean {
  return isIdentifiedPlayerId(playerId) && playerId.toUpperCase() === playerIdOfSaveUid(saveUid);
}
