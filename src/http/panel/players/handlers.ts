// The panel's players and moderation routes (issue 11): players with every viewer field, kick,
// ban and unban through the game's REST API with the platform user id, the panel's ban list,
// guilds and the whitelist. The list is read from the save's players (a panel holds hundreds,
// not millions), filtered and paged by uid in memory.
import { userActor } from '../../../domain/actor.js';
import { ConflictError, GameUnavailableError, NotFoundError } from '../../../lib/errors.js';
import type { OnlinePlayer } from '../../../domain/live.js';
import { iso } from '../../../lib/time.js';
import type { WorldPlayer } from '../../../domain/world.js';
import { whitelistKey } from '../../../store/moderation.js';
import { uidKey } from '../../../store/world.js';
import { BUILTIN_PAL_NAMES } from '../../../save/world/names.js';
import { guildView } from '../../../views/guild-view.js';
import { worldWorkers } from '../../../views/live-rows.js';
import { paldeckView } from '../../../views/paldeck-rows.js';
import { encodeCursor } from '../../cursor.js';
import type { HttpDeps } from '../../deps.js';
import { guildLabels } from '../../../views/guild-labels.js';
import { labelledGuildRows, namedPalRow } from '../../../views/named-rows.js';
import { playerRow, utc } from '../../../views/world-rows.js';
import { required } from '../../services.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import type {
  AnnouncementsSchema,
  BanRequestSchema,
  ModerationRequestSchema,
  PanelGuildPath,
  PanelPlayerPath,
  PanelPlayersQuery,
  WhitelistSchema,
} from '../../../contract/panel/players.js';

/** Online players by uid key, while the game answers. */
function onlineByKey(deps: HttpDeps): Map<string, OnlinePlayer> {
  const live = deps.live.snapshot();
  const out = new Map<string, OnlinePlayer>();
  if (live.reachable) for (const p of live.players) out.set(uidKey(String(p.playerId)), p);
  return out;
}

function panelRows(deps: HttpDeps, players: WorldPlayer[], online: Map<string, OnlinePlayer>, now: Date) {
  const keys = players.map((p) => uidKey(p.uid));
  const times = deps.store.history.times(keys, now);
  const fallback = utc(deps.store.world.parseInfo().lastParseAt) ?? iso(now);
  const mod = deps.store.moderation;
  // The panel shows the guild's display name (guild-labels.ts), not the save's "Unnamed Guild".
  const labels = players.some((p) => p.guildId) ? guildLabels(deps.store.world.guilds()) : new Map<string, { name: string }>();
  return players.map((p, i) => {
    const key = keys[i];
    const live = online.get(key);
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
      whitelisted: mod.isWhitelisted(userId ?? undefined, key),
    };
  });
}

export const listPlayers = (({ deps, query, now }) => {
  const online = onlineByKey(deps);
  const needle = query.search?.trim().toLowerCase() ?? '';
  const after = query.cursor ?? null;
  const wanted = query.online === undefined ? null : query.online === 'true';
  const matching = deps.store.world
    .allPlayers()
    .filter((p) => (after === null || p.uid > after) && (needle === '' || p.name.toLowerCase().includes(needle)))
    .filter((p) => wanted === null || online.has(uidKey(p.uid)) === wanted);
  const page = matching.slice(0, query.limit);
  const more = matching.length > query.limit;
  return json(200, { data: panelRows(deps, page, online, now), nextCursor: more ? encodeCursor(page[page.length - 1].uid) : null });
}) satisfies PanelHandler<{ query: typeof PanelPlayersQuery }>;

function savePlayer(deps: HttpDeps, uid: string): WorldPlayer {
  const p = deps.store.world.player(uid);
  if (!p) throw new NotFoundError('No player has that uid.');
  return p;
}

export const getPlayer = (({ deps, params, now }) => {
  const p = savePlayer(deps, params.uid);
  const [row] = panelRows(deps, [p], onlineByKey(deps), now);
  const guilds = deps.store.world.guilds();
  const guild = p.guildId ? guilds.find((g) => g.id === p.guildId) : undefined;
  return json(200, {
    data: {
      ...row,
      sessions: deps.store.history
        .sessionsOf(uidKey(p.uid))
        .map((s) => ({ startedAt: utc(s.startedAt)!, endedAt: utc(s.endedAt) ?? null, lastSeenAt: utc(s.lastSeenAt)! })),
      pals: deps.store.world.palsOfOwner(p.uid).map((pal) => namedPalRow(pal)),
      guild: guild ? labelledGuildRows(guilds, [guild])[0] : null,
    },
  });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

const reasonOf = (body: { reason?: string } | undefined): string | null => body?.reason?.trim() || null;

/**
 * Kick: who may be kicked is the domain's rule (kickable, actions/moderation-actions.ts). The
 * game being down is 503 `game_unavailable`, checked first.
 */
export const kickPlayer = (async ({ deps, params, body, user }) => {
  const key = uidKey(params.uid);
  const actions = required(deps, 'moderation');
  if (!deps.live.snapshot().reachable) throw new GameUnavailableError('The game server is not reachable now; a kick needs it.');
  const { userId } = await actions.kick(userActor(user.username), { uid: key, online: onlineByKey(deps).get(key) }, reasonOf(body));
  return json(200, { data: { uid: params.uid, userId, kicked: true } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof ModerationRequestSchema }>;

/** The platform id of a player online now or seen online before (the save holds none). */
function platformId(deps: HttpDeps, uid: string): { userId: string; name: string } {
  const key = uidKey(uid);
  const live = onlineByKey(deps).get(key);
  const saved = deps.store.world.player(uid);
  const userId = live?.userId || deps.store.moderation.account(key)?.userId;
  if (!userId) {
    if (!saved) throw new NotFoundError('No player has that uid.');
    throw new ConflictError('conflict', 'palpanel has never seen this player online, so it does not know their platform user id.');
  }
  return { userId, name: live?.name ?? saved?.name ?? '' };
}

export const banPlayer = (async ({ deps, params, body, user }) => {
  const actions = required(deps, 'moderation');
  const { userId, name } = platformId(deps, params.uid);
  const ban = await actions.ban(userActor(user.username), { userId, uid: uidKey(params.uid), name }, reasonOf(body), {
    replace: body?.replace === true,
  });
  return json(200, { data: ban });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof BanRequestSchema }>;

export const unbanPlayer = (async ({ deps, params, body, user }) => {
  const actions = required(deps, 'moderation');
  const key = uidKey(params.uid);
  const known = deps.store.moderation.banOf(key, deps.store.moderation.account(key)?.userId);
  const userId = known?.userId ?? platformId(deps, params.uid).userId;
  await actions.unban(userActor(user.username), { userId, uid: key }, reasonOf(body));
  return json(200, { data: { uid: params.uid, userId, banned: false } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof ModerationRequestSchema }>;

export const listBans = (({ deps }) => json(200, { data: deps.store.moderation.bans() })) satisfies PanelHandler;

export const listGuilds = (({ deps }) => json(200, { data: labelledGuildRows(deps.store.world.guilds()) })) satisfies PanelHandler;

export const getWhitelist = (({ deps }) => json(200, { data: deps.store.moderation.whitelist() })) satisfies PanelHandler;

export const getAnnouncements = (({ deps }) => json(200, { data: deps.store.moderation.announcements() })) satisfies PanelHandler;

export const putAnnouncements = (({ deps, body, user }) =>
  json(200, { data: deps.store.moderation.setAnnouncements(body, userActor(user.username)) })) satisfies PanelHandler<{
  body: typeof AnnouncementsSchema;
}>;

export const putWhitelist = (({ deps, body, user }) =>
  json(200, { data: deps.store.moderation.setWhitelist(body, userActor(user.username)) })) satisfies PanelHandler<{
  body: typeof WhitelistSchema;
}>;

/** A player's Paldeck per species, beside the server's totals (rows/paldeck-rows.ts). Species
 * no save names take the built-in species table's names. */
export const getPaldeck = (({ deps, params }) => {
  const p = savePlayer(deps, params.uid);
  return json(200, { data: { uid: p.uid, name: p.name, ...paldeckView(p, deps.store.world.allPlayers(), BUILTIN_PAL_NAMES) } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

/** One guild with its members' state, its bases' workers (live when game data is on) and its pals. */
export const getGuild = (({ deps, params, now }) => {
  const world = deps.store.world;
  const id = params.id.toUpperCase();
  const all = world.guilds();
  const guild = all.find((g) => g.id.toUpperCase() === id);
  if (!guild) throw new NotFoundError('No guild has that id.');
  // Members the save has a player row for are shown as the players list shows them.
  const saved = guild.members.flatMap((m) => {
    const p = world.player(m.uid);
    return p ? [{ uid: m.uid, p }] : [];
  });
  const rows = panelRows(
    deps,
    saved.map((x) => x.p),
    onlineByKey(deps),
    now,
  );
  const members = new Map(saved.map((x, i) => [x.uid, { online: rows[i].online, level: rows[i].level, lastSeenAt: rows[i].lastSeenAt }]));
  const baseIds = new Set(guild.bases.map((b) => b.id));
  const pals = [
    ...guild.members.flatMap((m) => world.palsOfOwner(m.uid)),
    ...world.basePals().filter((p) => p.baseId && baseIds.has(p.baseId)),
  ];
  const label = guildLabels(all).get(guild.id);
  return json(200, { data: guildView({ guild, label, members, pals, workers: worldWorkers(deps.live.worldWorkers()) }) });
}) satisfies PanelHandler<{ params: typeof PanelGuildPath }>;

/**
 * Who turning the whitelist on would kick now: the players online who are not on the list given
 * (the list the client is about to save; its `enabled` is not looked at). Changes nothing.
 */
export const whitelistImpact = (({ deps, body }) => {
  const keys = new Set(body.entries.map((e) => whitelistKey(e.id)));
  const live = deps.live.snapshot();
  const kicks = live.reachable
    ? live.players
        .filter((p) => !keys.has(uidKey(String(p.playerId))) && !(p.userId && keys.has(p.userId)))
        .map((p) => ({ uid: String(p.playerId), name: p.name, userId: p.userId ?? '' }))
    : [];
  return json(200, { data: { reachable: live.reachable, kicks } });
}) satisfies PanelHandler<{ body: typeof WhitelistSchema }>;

/** The whitelist ids that name this player: their platform id when known, and their save uid. */
function whitelistIds(deps: HttpDeps, uid: string): { key: string; userId: string | undefined } {
  const key = uidKey(uid);
  return { key, userId: onlineByKey(deps).get(key)?.userId || deps.store.moderation.account(key)?.userId || undefined };
}

function playerWhitelistState(deps: HttpDeps, uid: string, key: string, userId: string | undefined) {
  const wl = deps.store.moderation.whitelist();
  const ids = wl.entries.map((e) => e.id).filter((id) => id === key || (userId !== undefined && id === userId));
  return { uid, whitelisted: ids.length > 0, ids, enabled: wl.enabled };
}

/** Puts the player on the whitelist by platform user id, or by save uid while the panel has
 * never seen them online (the game names no platform id in the save). */
export const addPlayerToWhitelist = (({ deps, params, user }) => {
  const p = savePlayer(deps, params.uid);
  const { key, userId } = whitelistIds(deps, p.uid);
  // The note is the player's name as the save has it, less what a note may not hold.
  // eslint-disable-next-line no-control-regex -- control characters are what a note may not hold
  const note = p.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  deps.store.moderation.addToWhitelist(userId ?? key, note, userActor(user.username));
  return json(200, { data: playerWhitelistState(deps, p.uid, key, userId) });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

/** Takes the player off the whitelist: by platform id and by save uid both. */
export const removePlayerFromWhitelist = (({ deps, params, user }) => {
  const p = savePlayer(deps, params.uid);
  const { key, userId } = whitelistIds(deps, p.uid);
  deps.store.moderation.removeFromWhitelist(userId ? [key, userId] : [key], userActor(user.username));
  return json(200, { data: playerWhitelistState(deps, p.uid, key, userId) });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;
