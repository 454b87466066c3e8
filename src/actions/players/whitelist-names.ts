// The whitelist as a person reads it: beside each entry's platform id or save uid, the name of
// the player it names, where palpanel knows them (the save, the game's player list, a ban).
import type { Store } from '../../store/index.js';
import { PLATFORM_ID, type Whitelist } from '../../store/moderation.js';
import type { WhitelistView } from '../../contract/panel/players.js';

export function namedWhitelist(store: Store, wl: Whitelist = store.moderation.whitelist()): WhitelistView {
  const accounts = store.moderation.accountsByUserId();
  const bans = new Map(store.moderation.bans().map((b) => [b.userId, b]));
  const known: WhitelistView['known'] = [];
  for (const e of wl.entries) {
    const account = accounts.get(e.id);
    const uid = account?.uid ?? (PLATFORM_ID.test(e.id) ? null : e.id);
    const name = (uid ? store.world.player(uid)?.name : undefined) || account?.accountName || bans.get(e.id)?.name || '';
    if (name) known.push({ id: e.id, uid: uid && store.world.player(uid) ? uid : null, name });
  }
  return { ...wl, known };
}
