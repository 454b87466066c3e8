// The panel's players and moderation routes (issue 11): players with every viewer field, kick,
// ban and unban through the game's REST API with the platform user id, the panel's ban list,
// guilds and the whitelist. The list is read from the save's players (a panel holds hundreds,
// not millions), filtered and paged by uid in memory.
// Who a player is and what may be done to them is the player service's (actions/players/).
import { userActor } from '../../../domain/actor.js';
import { NotFoundError } from '../../../domain/errors.js';
import { playerIdOfSaveUid } from '../../../domain/player-id.js';
import { BUILTIN_PAL_NAMES } from '../../../save/world/names.js';
import { guildView } from '../../../views/guild-view.js';
import { worldWorkers } from '../../../views/live-rows.js';
import { paldeckView } from '../../../views/paldeck-rows.js';
import { encodeCursor } from '../../../contract/cursor.js';
import { guildLabels } from '../../../views/guild-labels.js';
import { labelledGuildRows, namedPalRow } from '../../../views/named-rows.js';
import { utc } from '../../../views/world-rows.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { panelRows } from './rows.js';
import { namedWhitelist } from '../../../actions/players/whitelist-names.js';
import type {
  AnnouncementsSchema,
  BanRequestSchema,
  ModerationRequestSchema,
  PanelGuildPath,
  PanelPlayerPath,
  PanelPlayersQuery,
  WhitelistSchema,
} from '../../../contract/panel/players.js';

export const listPlayers = (({ deps, players, query, now }) => {
  const online = players.online();
  const needle = query.search?.trim().toLowerCase() ?? '';
  const after = query.cursor ?? null;
  const wanted = query.online === undefined ? null : query.online === 'true';
  const matching = deps.store.world
    .allPlayers()
    .filter((p) => (after === null || p.uid > after) && (needle === '' || p.name.toLowerCase().includes(needle)))
    .filter((p) => wanted === null || online.has(playerIdOfSaveUid(p.uid)) === wanted);
  const page = matching.slice(0, query.limit);
  const more = matching.length > query.limit;
  return json(200, {
    data: panelRows(deps, players, page, online, now),
    nextCursor: more ? encodeCursor(page[page.length - 1].uid) : null,
  });
}) satisfies PanelHandler<{ query: typeof PanelPlayersQuery }>;

export const getPlayer = (({ deps, players, params, now }) => {
  const p = players.saved(params.uid);
  const [row] = panelRows(deps, players, [p], players.online(), now);
  const guilds = deps.store.world.guilds();
  const guild = p.guildId ? guilds.find((g) => g.id === p.guildId) : undefined;
  return json(200, {
    data: {
      ...row,
      sessions: deps.store.history
        .sessionsOf(playerIdOfSaveUid(p.uid))
        .map((s) => ({ startedAt: utc(s.startedAt)!, endedAt: utc(s.endedAt) ?? null, lastSeenAt: utc(s.lastSeenAt)! })),
      pals: deps.store.world.palsOfOwner(p.uid).map((pal) => namedPalRow(pal)),
      guild: guild ? labelledGuildRows(guilds, [guild])[0] : null,
    },
  });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

const reasonOf = (body: { reason?: string } | undefined): string | null => body?.reason?.trim() || null;

/** Kick: the game must answer (503 first), then who may be kicked is the domain's rule
 * (kickable, actions/players/player-service.ts), checked in the kick itself. */
export const kickPlayer = (async ({ deps, service, players, params, body, user }) => {
  const target = players.kickTarget(params.uid);
  const { userId } = await service.kick(userActor(user.username), target, reasonOf(body));
  deps.live.drop?.(target.uid);
  return json(200, { data: { uid: params.uid, userId, kicked: true } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof ModerationRequestSchema }, 'moderation'>;

export const banPlayer = (async ({ deps, service, players, params, body, user }) => {
  const { userId, key, name } = players.resolve(params.uid);
  const ban = await service.ban(userActor(user.username), { userId, uid: key, name }, reasonOf(body), { replace: body?.replace === true });
  // The game's ban also disconnects the player.
  deps.live.drop?.(key);
  return json(200, { data: ban });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof BanRequestSchema }, 'moderation'>;

export const unbanPlayer = (async ({ service, players, params, body, user }) => {
  const target = players.unbanTarget(params.uid);
  await service.unban(userActor(user.username), target, reasonOf(body));
  return json(200, { data: { uid: params.uid, userId: target.userId, banned: false } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof ModerationRequestSchema }, 'moderation'>;

export const listBans = (({ deps }) => json(200, { data: deps.store.moderation.bans() })) satisfies PanelHandler;

export const listGuilds = (({ deps }) => json(200, { data: labelledGuildRows(deps.store.world.guilds()) })) satisfies PanelHandler;

export const getWhitelist = (({ deps }) => json(200, { data: namedWhitelist(deps.store) })) satisfies PanelHandler;

export const getAnnouncements = (({ deps }) => json(200, { data: deps.store.moderation.announcements() })) satisfies PanelHandler;

export const putAnnouncements = (({ deps, body, user }) =>
  json(200, { data: deps.store.moderation.setAnnouncements(body, userActor(user.username)) })) satisfies PanelHandler<{
  body: typeof AnnouncementsSchema;
}>;

export const putWhitelist = (({ deps, body, user }) =>
  json(200, {
    data: namedWhitelist(deps.store, deps.store.moderation.setWhitelist(body, userActor(user.username))),
  })) satisfies PanelHandler<{
  body: typeof WhitelistSchema;
}>;

/** A player's Paldeck per species, beside the server's totals (views/paldeck-rows.ts). Species
 * no save names take the built-in species table's names. */
export const getPaldeck = (({ deps, players, params }) => {
  const p = players.saved(params.uid);
  return json(200, { data: { uid: p.uid, name: p.name, ...paldeckView(p, deps.store.world.allPlayers(), BUILTIN_PAL_NAMES) } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

/** One guild with its members' state, its bases' workers (live when game data is on) and its pals. */
export const getGuild = (({ deps, players, params, now }) => {
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
    players,
    saved.map((x) => x.p),
    players.online(),
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
export const whitelistImpact = (({ players, body }) => json(200, { data: players.refusedBy(body) })) satisfies PanelHandler<{
  body: typeof WhitelistSchema;
}>;

export const addPlayerToWhitelist = (({ players, params, user }) =>
  json(200, { data: players.whitelist(params.uid, userActor(user.username)) })) satisfies PanelHandler<{ params: typeof PanelPlayerPath }>;

export const removePlayerFromWhitelist = (({ players, params, user }) =>
  json(200, { data: players.unwhitelist(params.uid, userActor(user.username)) })) satisfies PanelHandler<{
  params: typeof PanelPlayerPath;
}>;
