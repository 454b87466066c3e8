// The panel's moderation port (ModerationActions) over the game's REST client: the game is
// asked first, and only what it did is recorded (game-failure.ts audits what it did not do).
import type { ServerMessage } from '../contract/messages/index.js';
import type { GameRestClient } from '../game/rest-client.js';
import type { Actor } from '../domain/actor.js';
import type { OnlinePlayer } from '../domain/live.js';
import type { AuditEntry } from '../store/audit.js';
import { attempt, gameFailure } from './game-failure.js';
import type { Store } from '../store/index.js';
import { AlreadyBannedError, detailOf, type BanRecord } from '../store/moderation.js';
import { kickable, knownPlayer } from './players/player-service.js';

/** A moderation action's audit row, built once: the game's refusal and what it did are audited
 * with the same target and detail. */
function auditEntry(
  actor: Actor,
  action: 'player.kick' | 'player.ban' | 'player.unban',
  target: string,
  userId: string,
  reason: string | null,
  targetName: string | null,
): AuditEntry {
  return { actor, action, target, targetName, detail: detailOf(userId, reason) };
}

/** The player's name as palpanel last saw it: the game's list, the save, the ban. */
function nameOf(store: Store, uid: string | null, ...seen: (string | null | undefined)[]): string | null {
  return seen.find((n) => n) ?? (uid ? store.world.player(uid)?.name : undefined) ?? null;
}

export function moderationActions(client: Pick<GameRestClient, 'kick' | 'ban' | 'unban' | 'announce'>, store: Store): ModerationActions {
  const mod = store.moderation;
  return {
    async kick(actor, p, reason, moderationEvent) {
      const { userId } = kickable(p.online, () => knownPlayer(store, p.uid));
      const entry = auditEntry(actor, 'player.kick', p.uid, userId, reason, nameOf(store, p.uid, p.online?.name));
      await attempt(store, entry, 'kick', () => client.kick(userId, reason ?? undefined));
      mod.recordKick(entry, moderationEvent);
      return { userId };
    },
    async ban(actor, p, reason, opts = {}) {
      // A ban already there is kept unless replaced: said before the game is asked (and again
      // inside the store's write, should two bans race).
      const first = mod.banOf(p.uid ?? '', p.userId);
      if (first && !opts.replace) throw new AlreadyBannedError(first);
      const entry = auditEntry(actor, 'player.ban', p.uid ?? p.userId, p.userId, reason, nameOf(store, p.uid, p.name));
      await attempt(store, entry, 'ban', () => client.ban(p.userId, reason ?? undefined));
      return mod.recordBan(entry, { ...p, reason }, opts);
    },
    async unban(actor, p, reason) {
      const banned = mod.banOf(p.uid ?? '', p.userId);
      const entry = auditEntry(actor, 'player.unban', p.uid ?? p.userId, p.userId, reason, nameOf(store, p.uid, banned?.name));
      await attempt(store, entry, 'unban', () => client.unban(p.userId));
      mod.recordUnban(entry, p.userId);
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
  /** `uid`: the save uid key (upper-case, no dashes); `online`: that player as the game lists
   * them now, if it does (players/player-service.ts kickable() decides). `moderationEvent`: the panel-only `moderation`
   * event written with the audit row (the whitelist's kicks). Resolves with the id kicked. */
  kick(
    actor: Actor,
    p: { uid: string; online: OnlinePlayer | undefined },
    reason: string | null,
    moderationEvent?: ServerMessage,
  ): Promise<{ userId: string }>;
  /** A player banned already keeps that ban (AlreadyBannedError, 409) unless `replace`. */
  ban(
    actor: Actor,
    p: { userId: string; uid: string | null; name: string },
    reason: string | null,
    opts?: { replace?: boolean },
  ): Promise<BanRecord>;
  unban(actor: Actor, p: { userId: string; uid: string | null }, reason: string | null): Promise<void>;
  /** A message to everyone in the game from palpanel itself (join and leave templates; not
   * audited: no one changed anything). */
  announce(message: string): Promise<void>;
}
