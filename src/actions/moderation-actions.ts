// The panel's moderation port (ModerationActions) over the game's REST client: the game is
// asked first, and only what it did is recorded (game-failure.ts audits what it did not do).
import type { GameRestClient } from '../game/rest-client.js';
import type { Actor } from '../lib/actor.js';
import { attempt, gameFailure } from './game-failure.js';
import type { Store } from '../store/index.js';
import { detailOf, type BanRecord } from '../store/moderation.js';

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

/** Moderation through the game's REST API (here). Each action records
 * itself: on success the store's row (a ban, the audit entry) in one write, on failure a refused
 * audit entry; failures are domain errors (GameUnavailableError 503, ConflictError when the game
 * said no). */
export interface ModerationActions {
  /** `uid`: the save uid key (upper-case, no dashes). `moderationEvent`: the panel-only
   * `moderation` event written with the audit row (the whitelist's kicks). */
  kick(actor: Actor, p: { userId: string; uid: string }, reason: string | null, moderationEvent?: string): Promise<void>;
  ban(actor: Actor, p: { userId: string; uid: string | null; name: string }, reason: string | null): Promise<BanRecord>;
  unban(actor: Actor, p: { userId: string; uid: string | null }, reason: string | null): Promise<void>;
  /** A message to everyone in the game from palpanel itself (join and leave templates; not
   * audited: no one changed anything). */
  announce(message: string): Promise<void>;
}
