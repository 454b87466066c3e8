// Who a player is and what may be done to them, for every caller (the panel's players, items and
// console routes, the moderation actions, the whitelist moderator): a player is named by their
// save uid; the game names them by `playerId` (the same uid, dashes removed) and by a platform user
// id (`steam_…`, `gdk_…`, `ps5_…`) that only its player list gives. palpanel remembers that id
// (store/moderation.ts accounts), so a player's identity is the live id while they are online,
// else the remembered one. The rules (404 for a player no one knows, 409 when the world refuses)
// are the domain's errors (domain/errors.ts); the HTTP layer maps them.
import type { Actor } from '../../domain/actor.js';
import type { OnlinePlayer } from '../../domain/live.js';
import { playerIdOfSaveUid } from '../../domain/player-id.js';
import type { WorldPlayer } from '../../domain/world.js';
import {
  GameUnavailableError,
  PlatformIdNotListedError,
  PlatformIdUnknownError,
  PlayerOfflineError,
  UnknownPlayerError,
} from '../../domain/errors.js';
import type { LiveSource } from '../../poller/live-source.js';
import type { Store } from '../../store/index.js';
import type { Whitelist } from '../../store/moderation.js';
import type { GrantTarget } from '../item-granter.js';
import { whitelistKeys, whitelistRefuses, type WhitelistCandidate } from './whitelist-rule.js';

/** A player as palpanel knows them now; every part may be missing but the key. */
export interface PlayerIdentity {
  /** The save uid in key form (the REST playerId spelling). */
  key: string;
  /** The player of the last parse. */
  saved: WorldPlayer | undefined;
  /** The player as the game lists them now. */
  online: OnlinePlayer | undefined;
  /** The platform user id: the game's while online, else the one palpanel remembers. */
  userId: string | undefined;
}

/** A player's whitelist state as the panel shows it. */
export interface PlayerWhitelistState {
  uid: string;
  whitelisted: boolean;
  ids: string[];
  enabled: boolean;
}

/**
 * Who can be kicked, for every caller (the panel's kick, the whitelist): a player the game lists
 * online now, with the platform user id it gave (the kick goes by that id). Anyone else is 404
 * when no one knows that uid, else 409: the request is well formed, the world refuses it.
 */
export function kickable(online: OnlinePlayer | undefined, known: () => boolean): { userId: string } {
  return onlineWithId(online, known, 'only an online player can be kicked.');
}

function onlineWithId(online: OnlinePlayer | undefined, known: () => boolean, why: string): { userId: string } {
  if (!online) {
    if (!known()) throw new UnknownPlayerError();
    throw new PlayerOfflineError(why);
  }
  if (!online.userId) throw new PlatformIdNotListedError();
  return { userId: online.userId };
}

/** A player the save or the game's player list has shown palpanel (a kick of anyone else is 404). */
export function knownPlayer(store: Store, key: string): boolean {
  return store.world.player(key) !== undefined || store.moderation.account(key) !== undefined;
}

export type PlayerService = ReturnType<typeof createPlayerService>;

export function createPlayerService(parts: { store: Store; live: Pick<LiveSource, 'snapshot'> }) {
  // Read on each call, not here: a surface may be built before its store exists (tests).
  const { store, live } = parts;

  /** Online players by uid key, while the game answers. */
  function online(): Map<string, OnlinePlayer> {
    const s = live.snapshot();
    const out = new Map<string, OnlinePlayer>();
    if (s.reachable) for (const p of s.players) out.set(playerIdOfSaveUid(String(p.playerId)), p);
    return out;
  }

  function identity(uid: string): PlayerIdentity {
    const key = playerIdOfSaveUid(uid);
    const now = online().get(key);
    return { key, saved: store.world.player(uid), online: now, userId: now?.userId || store.moderation.account(key)?.userId || undefined };
  }

  /** The player of the save, or 404. */
  function saved(uid: string): WorldPlayer {
    const p = store.world.player(uid);
    if (!p) throw new UnknownPlayerError();
    return p;
  }

  /** The player with their platform user id (a ban needs it): 404 when no one knows the uid,
   * 409 when palpanel has never seen them online. */
  function resolve(uid: string): PlayerIdentity & { userId: string; name: string } {
    const p = identity(uid);
    if (!p.userId) {
      if (!p.saved) throw new UnknownPlayerError();
      throw new PlatformIdUnknownError();
    }
    return { ...p, userId: p.userId, name: p.online?.name ?? p.saved?.name ?? '' };
  }

  /** The whitelist's rule over many players, with the list read once (the one given, else the
   * stored one, whose entries are keys already). */
  function refuser(list?: Pick<Whitelist, 'entries'>): (p: WhitelistCandidate) => boolean {
    const keys = list ? whitelistKeys(list.entries) : new Set(store.moderation.whitelist().entries.map((e) => e.id));
    return (p) => whitelistRefuses(keys, p);
  }

  function whitelistState(uid: string, key: string, userId: string | undefined): PlayerWhitelistState {
    const wl = store.moderation.whitelist();
    const ids = wl.entries.map((e) => e.id).filter((id) => id === key || (userId !== undefined && id === userId));
    return { uid, whitelisted: ids.length > 0, ids, enabled: wl.enabled };
  }

  return {
    online,
    identity,
    saved,

    resolve,

    /** What a kick needs: the game reachable (503 first), then who (kickable() decides, in the
     * moderation action every kick goes through). */
    kickTarget(uid: string): { uid: string; online: OnlinePlayer | undefined } {
      if (!live.snapshot().reachable) throw new GameUnavailableError('The game server is not reachable now; a kick needs it.');
      const key = playerIdOfSaveUid(uid);
      return { uid: key, online: online().get(key) };
    },

    /** The player to unban: the platform id of their ban when the panel made one, else their own. */
    unbanTarget(uid: string): { userId: string; uid: string } {
      const key = playerIdOfSaveUid(uid);
      const ban = store.moderation.banOf(key, store.moderation.account(key)?.userId);
      return { userId: ban?.userId ?? resolve(uid).userId, uid: key };
    },

    /** Items go into the inventory of a player online now, by the platform id the game lists
     * (the uid as asked; 404 only for a uid the save does not hold). */
    grantTarget(uid: string): GrantTarget {
      const p = identity(uid);
      const { userId } = onlineWithId(p.online, () => p.saved !== undefined, 'items go into the inventory of a player who is.');
      return { uid, userId, playerName: p.online!.name };
    },

    /** The values of a console command's player placeholders: 404 for a uid the save lacks. */
    placeholders(uid: string): { userId: string | undefined; playerId: string; name: string } {
      const p = saved(uid);
      return { userId: identity(p.uid).userId, playerId: playerIdOfSaveUid(p.uid), name: p.name };
    },

    /** True when the whitelist (the one given, else the stored one) names neither the player's
     * platform id nor their uid. */
    refuses(p: WhitelistCandidate, list?: Pick<Whitelist, 'entries'>): boolean {
      return refuser(list)(p);
    },
    refuser,

    /** The players online now that `list` would refuse (the whitelist dry run). */
    refusedBy(list: Pick<Whitelist, 'entries'>): { reachable: boolean; kicks: { uid: string; name: string; userId: string }[] } {
      const s = live.snapshot();
      const refuses = refuser(list);
      const kicks = s.reachable
        ? s.players.filter(refuses).map((p) => ({ uid: String(p.playerId), name: p.name, userId: p.userId ?? '' }))
        : [];
      return { reachable: s.reachable, kicks };
    },

    /** Puts the player on the whitelist by platform user id, or by save uid while palpanel has
     * never seen them online (the save names no platform id). */
    whitelist(uid: string, actor: Actor): PlayerWhitelistState {
      const p = saved(uid);
      const { key, userId } = identity(p.uid);
      // The note is the player's name as the save has it, less what a note may not hold.
      // eslint-disable-next-line no-control-regex -- control characters are what a note may not hold
      const note = p.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
      store.moderation.addToWhitelist(userId ?? key, note, actor, p.name || null);
      return whitelistState(p.uid, key, userId);
    },

    /** Takes the player off the whitelist: by platform id and by save uid both. */
    unwhitelist(uid: string, actor: Actor): PlayerWhitelistState {
      const p = saved(uid);
      const { key, userId } = identity(p.uid);
      store.moderation.removeFromWhitelist(userId ? [key, userId] : [key], actor, p.name || null);
      return whitelistState(p.uid, key, userId);
    },
  };
}
