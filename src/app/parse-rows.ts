// `palpanel parse --json`: the rows /players, /pals (with owner fields) and /guilds would serve
// for one save, computed as a fresh panel would (interface.md, Decisions): nobody online, no
// playtime, first and last seen = the save's LastOnlineDateTime when present, else the parse.
import { guildRow, palWithOwnerRow, playerRow } from '../http/integration/rows.js';
import type { WorldSnapshot } from '../lib/world.js';

export function integrationRowsForParse(world: WorldSnapshot, parsedAt: Date) {
  const at = parsedAt.toISOString();
  const byUid = <T extends { uid: string }>(a: T, b: T) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  return {
    players: [...world.players].sort(byUid).map((p) => playerRow(p, false, undefined, at)),
    pals: [...world.pals].sort((a, b) => (a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0)).map(palWithOwnerRow),
    guilds: [...world.guilds].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(guildRow),
  };
}
