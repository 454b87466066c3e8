// The panel's moderation port (ModerationActions) over the game's REST client: the game is
// asked first, and only what it did is recorded (game-failure.ts audits what it did not do).
import type { GameRestClient } from '../game/rest-client.js';
import type { ModerationActions } from '../http/deps.js';
import { attempt, gameFailure } from './game-failure.js';
import type { Store } from '../store/index.js';
import { detailOf } from '../store/moderation.js';

export function moderationActions(client: Pick<GameRestClient, 'kick' | 'ban' | 'unban' | 'announce'>, store: Store): ModerationActions {
  const mod = store.moderation;
  return {
    async kick(actor, p, reason, moderationEvent) {
      await attempt(store, { actor, action: 'player.kick', target: p.uid, detail: detailOf(p.userId, reason) }, 'kick', () => client.kick(p.userId, reason ?? undefined));
      mod.recordKick(actor, p.uid, p.userId, reason, moderationEvent);
    },
    async ban(actor, p, reason) {
      await attempt(store, { actor, action: 'player.ban', target: p.uid ?? p.userId, detail: detailOf(p.userId, reason) }, 'ban', () => client.ban(p.userId, reason ?? undefined));
      return mod.recordBan(actor, { ...p, reason });
    },
    async unban(actor, p, reason) {
      await attempt(store, { actor, action: 'player.unban', target: p.uid ?? p.userId, detail: detailOf(p.userId, reason) }, 'unban', () => client.unban(p.userId));
      mod.recordUnban(actor, p.userId, p.uid, reason);
    },
    async announce(message) {
      try {
        await client.announce(message);
      } catch (err) {
        throw gameFailure(err, 'announcement').error;
      }
    },
  };
}
