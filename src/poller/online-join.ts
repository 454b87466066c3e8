// Which save players are online, by the identity rule of domain/player-id.ts (interface.md: the
// REST `playerId` equals the save uid with dashes removed, ignoring case).
import type { LiveSnapshot } from '../domain/live.js';
import { isIdentifiedPlayerId, playerIdOfSaveUid } from '../domain/player-id.js';

/** The set of online `playerId`s (upper-case); empty when the game is unreachable. */
export function onlinePlayerIds(snapshot: LiveSnapshot): Set<string> {
  if (!snapshot.reachable) return new Set();
  return new Set(snapshot.players.map((p) => p.playerId.toUpperCase()).filter(isIdentifiedPlayerId));
}

/** Is this save player online? `online` from `onlinePlayerIds`. */
export function isSavePlayerOnline(saveUid: string, online: ReadonlySet<string>): boolean {
  return online.has(playerIdOfSaveUid(saveUid));
}
