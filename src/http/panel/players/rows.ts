// The panel's rows of players: the save's player with every viewer field (online, ping, live
// location, platform id, banned, whitelisted). A view, shared by the players list, one player and
// a guild's members; who a player is comes from the player service.
import type { PlayerService } from '../../../actions/players/player-service.js';
import type { OnlinePlayer } from '../../../domain/live.js';
import type { WorldPlayer } from '../../../domain/world.js';
import { playerIdOfSaveUid } from '../../../domain/player-id.js';
import { iso } from '../../../lib/time.js';
import { guildLabels } from '../../../views/guild-labels.js';
import { playerRow, utc } from '../../../views/world-rows.js';
import type { HttpDeps } from '../../deps.js';

export function panelRows(deps: HttpDeps, service: PlayerService, players: WorldPlayer[], online: Map<string, OnlinePlayer>, now: Date) {
  const keys = players.map((p) => playerIdOfSaveUid(p.uid));
  const times = deps.store.history.times(keys, now);
  const fallback = utc(deps.store.world.parseInfo().lastParseAt) ?? iso(now);
  const mod = deps.store.moderation;
  const refuses = service.refuser();
  // The panel shows the guild's display name (guild-labels.ts), not the save's "Unnamed Guild".
  const labels = players.some((p) => p.guildId) ? guildLabels(deps.store.world.guilds()) : new Map<string, { name: string }>();
  return players.map((p, i) => {
    const key = keys[i];
    const live = online.get(key);
    // The row shows the account the game lists while online (its id may still be empty), else the remembered one.
    const account = live ? { userId: live.userId, accountName: live.accountName } : mod.account(key);
    const userId = account?.userId || null;
    const row = playerRow(p, live !== undefined, times.get(key), fallback);
    const guildName = p.guildId ? labels.get(p.guildId)?.name : undefined;
    if (guildName) row.guildName = guildName;
    return {
      ...row,
      userId,
      accountName: account?.accountName ?? null,
      ping: live ? live.ping : null,
      location: live?.location ?? null,
      banned: mod.isBanned(userId ?? undefined, key),
      whitelisted: !refuses({ playerId: key, userId }),
    };
  });
}
