// The players and moderation entries of the panel route table (issue 11).
import { route, signedIn, adminOnly, moderators, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import {
  addPlayerToWhitelist,
  banPlayer,
  getGuild,
  getPaldeck,
  removePlayerFromWhitelist,
  whitelistImpact,
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

const GAME_503 = '`game_unavailable`: the game did not answer.';

export function playerRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('panelListPlayers', { 200: 'One page by uid; walk `nextCursor` until it is null.' }),
        summary: 'Players of the save with every viewer field (platform id, ping, live location, banned, whitelisted)',
        handler: listPlayers,
      }),
      route({
        ...operation('panelGetPlayer', { 200: 'OK' }),
        summary: 'One player with sessions, pals and guild',
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: getPlayer,
      }),
      route({
        ...operation('panelPlayerPaldeck', { 200: 'Every species the table knows or a save names, by name.' }),
        summary: "One player's Paldeck per species (unlocked, captures) with the server's totals",
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: getPaldeck,
      }),
      route({
        ...operation('panelGetGuild', { 200: 'OK' }),
        summary: "One guild: members (online, level, last seen), bases with workers (live activity when game data is on), the guild's pals",
        errors: { 404: '`not_found`: no guild has that id.' },
        handler: getGuild,
      }),
      route({
        ...operation('listBans', { 200: 'OK' }),
        summary: 'Bans made through the panel, newest first (online or not)',
        handler: listBans,
      }),
      route({
        ...operation('panelListGuilds', { 200: 'OK' }),
        summary: 'Guilds with members and bases',
        handler: listGuilds,
      }),
      route({
        ...operation('getWhitelist', { 200: 'OK' }),
        summary: 'The whitelist: on or off, entries by platform user id or save uid',
        handler: getWhitelist,
      }),
      route({
        ...operation('getJoinAnnouncements', { 200: 'OK' }),
        summary: 'In-game join and leave announcements: on or off, and their templates',
        handler: getAnnouncements,
      }),
    ]),
    ...moderators([
      route({
        ...operation('kickPlayer', { 200: 'The game kicked the player.' }),
        needs: 'moderation',
        summary: 'Kick an online player through the game REST API',
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is not online, or the game refused.',
          503: GAME_503,
        },
        handler: kickPlayer,
      }),
      route({
        ...operation('banPlayer', { 200: 'The ban as remembered.' }),
        needs: 'moderation',
        summary: 'Ban a player (online or not) by platform user id; the panel remembers the ban',
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is banned already (the message says since when, by whom and why; `replace` replaces that ban), the platform id is unknown (never seen online), or the game refused.',
          503: GAME_503,
        },
        handler: banPlayer,
      }),
      route({
        ...operation('unbanPlayer', { 200: 'The game lifted the ban.' }),
        needs: 'moderation',
        summary: 'Lift a ban',
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the platform id is unknown, or the game refused.',
          503: GAME_503,
        },
        handler: unbanPlayer,
      }),
      route({
        ...operation('whitelistImpact', { 200: 'The players online now who are not on the list.' }),
        summary: 'Who the given whitelist would kick now (online players not on it); a dry run that changes nothing',
        handler: whitelistImpact,
      }),
      route({
        ...operation('addPlayerToWhitelist', { 200: "The player's whitelist state." }),
        summary: 'Put the player on the whitelist by platform user id (by save uid while never seen online); the switch is untouched',
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: addPlayerToWhitelist,
      }),
      route({
        ...operation('removePlayerFromWhitelist', { 200: "The player's whitelist state." }),
        summary: 'Take the player off the whitelist (by platform user id and by save uid)',
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: removePlayerFromWhitelist,
      }),
      route({
        ...operation('putWhitelist', { 200: 'The whitelist as stored (ids normalised).' }),
        summary: 'Replace the whitelist; when on, players not on it are kicked as they join',
        handler: putWhitelist,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('putJoinAnnouncements', { 200: 'As stored.' }),
        summary: 'Switch the join and leave announcements and set their templates',
        handler: putAnnouncements,
      }),
    ]),
  ];
}
