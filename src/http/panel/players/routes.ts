// The players and moderation entries of the panel route table (issue 11).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import {
  AnnouncementsEnvelopeSchema,
  AnnouncementsSchema,
  BanEnvelopeSchema,
  BanListSchema,
  BanRequestSchema,
  ModerationRequestSchema,
  PanelGuildsSchema,
  PanelPlayerDetailSchema,
  PanelPlayerPath,
  PanelPlayersPageSchema,
  PanelPlayersQuery,
  WhitelistEnvelopeSchema,
  WhitelistSchema,
} from './schemas.js';
import {
  banPlayer,
  getAnnouncements,
  getPlayer,
  putAnnouncements,
  getWhitelist,
  kickPlayer,
  listBans,
  listGuilds,
  listPlayers,
  putWhitelist,
  unbanPlayer,
} from './handlers.js';
import { z } from 'zod';

const GAME_503 = '`game_unavailable`: the game did not answer.';
const ActionResultSchema = z.strictObject({
  data: z.strictObject({ uid: z.string(), userId: z.string(), kicked: z.boolean().optional(), banned: z.boolean().optional() }),
});

export function playerRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/players',
        operationId: 'panelListPlayers',
        summary: 'Players of the save with every viewer field (platform id, ping, live location, banned, whitelisted)',
        request: { query: PanelPlayersQuery },
        responses: { 200: { description: 'One page by uid; walk `nextCursor` until it is null.', schema: PanelPlayersPageSchema } },
        handler: listPlayers,
      }),
      route({
        method: 'GET',
        path: '/players/{uid}',
        operationId: 'panelGetPlayer',
        summary: 'One player with sessions, pals and guild',
        request: { params: PanelPlayerPath },
        responses: { 200: { description: 'OK', schema: PanelPlayerDetailSchema } },
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: getPlayer,
      }),
      route({
        method: 'GET',
        path: '/bans',
        operationId: 'listBans',
        summary: 'Bans made through the panel, newest first (online or not)',
        responses: { 200: { description: 'OK', schema: BanListSchema } },
        handler: listBans,
      }),
      route({
        method: 'GET',
        path: '/guilds',
        operationId: 'panelListGuilds',
        summary: 'Guilds with members and bases',
        responses: { 200: { description: 'OK', schema: PanelGuildsSchema } },
        handler: listGuilds,
      }),
      route({
        method: 'GET',
        path: '/whitelist',
        operationId: 'getWhitelist',
        summary: 'The whitelist: on or off, entries by platform user id or save uid',
        responses: { 200: { description: 'OK', schema: WhitelistEnvelopeSchema } },
        handler: getWhitelist,
      }),
      route({
        method: 'GET',
        path: '/announcements',
        operationId: 'getJoinAnnouncements',
        summary: 'In-game join and leave announcements: on or off, and their templates',
        responses: { 200: { description: 'OK', schema: AnnouncementsEnvelopeSchema } },
        handler: getAnnouncements,
      }),
    ]),
    ...adminOnly([
      route({
        method: 'POST',
        path: '/players/{uid}/kick',
        operationId: 'kickPlayer',
        needs: 'moderation',
        summary: 'Kick an online player through the game REST API',
        request: { params: PanelPlayerPath, body: ModerationRequestSchema },
        responses: { 200: { description: 'The game kicked the player.', schema: ActionResultSchema } },
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is not online, or the game refused.',
          503: GAME_503,
        },
        handler: kickPlayer,
      }),
      route({
        method: 'POST',
        path: '/players/{uid}/ban',
        operationId: 'banPlayer',
        needs: 'moderation',
        summary: 'Ban a player (online or not) by platform user id; the panel remembers the ban',
        request: { params: PanelPlayerPath, body: BanRequestSchema },
        responses: { 200: { description: 'The ban as remembered.', schema: BanEnvelopeSchema } },
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is banned already (the message says since when, by whom and why; `replace` replaces that ban), the platform id is unknown (never seen online), or the game refused.',
          503: GAME_503,
        },
        handler: banPlayer,
      }),
      route({
        method: 'POST',
        path: '/players/{uid}/unban',
        operationId: 'unbanPlayer',
        needs: 'moderation',
        summary: 'Lift a ban',
        request: { params: PanelPlayerPath, body: ModerationRequestSchema },
        responses: { 200: { description: 'The game lifted the ban.', schema: ActionResultSchema } },
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the platform id is unknown, or the game refused.',
          503: GAME_503,
        },
        handler: unbanPlayer,
      }),
      route({
        method: 'PUT',
        path: '/whitelist',
        operationId: 'putWhitelist',
        summary: 'Replace the whitelist; when on, players not on it are kicked as they join',
        request: { body: WhitelistSchema },
        responses: { 200: { description: 'The whitelist as stored (ids normalised).', schema: WhitelistEnvelopeSchema } },
        handler: putWhitelist,
      }),
      route({
        method: 'PUT',
        path: '/announcements',
        operationId: 'putJoinAnnouncements',
        summary: 'Switch the join and leave announcements and set their templates',
        request: { body: AnnouncementsSchema },
        responses: { 200: { description: 'As stored.', schema: AnnouncementsEnvelopeSchema } },
        handler: putAnnouncements,
      }),
    ]),
  ];
}
