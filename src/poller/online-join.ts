// How an online player joins a save player (interface.md): the REST `playerId` equals the
// save uid with dashes removed, ignoring case. The co-op host uid
// 00000000-0000-0000-0000-000000000001 is a real player; an all-zero id is a player still
// loading and matches nobody.
import type { LiveSnapshot } from '../lib/live.js';

const ZERO_ID = '0'.repeat(32);

/** Save uid (dashed, any case) → the REST `playerId` spelling: 32 upper-case hex digits. */
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

/** The set of online `playerId`s (upper-case); empty when the game is unreachable. */
export function onlinePlayerIds(snapshot: LiveSnapshot): Set<string> {
  if (!snapshot.reachable) return new Set();
  return new Set(snapshot.players.map((p) => p.playerId.toUpperCase()).filter(isIdentifiedPlayerId));
}

/** Is this save player online? `online` from `onlinePlayerIds`. */
export function isSavePlayerOnline(saveUid: string, online: ReadonlySet<string>): boolean {
  return online.has(playerIdOfSaveUid(saveUid));
}
