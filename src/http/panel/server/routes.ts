// The panel's server routes (issue 11): status, health, and the game's admin actions. Spread
// into the panel route table (routes.ts).
import { route, signedIn, adminOnly, moderators, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { announce, cancelCountdown, getCountdown, getHealth, getServer, saveNow, shutdown } from './handlers.js';

const GAME_503 = {
  503: '`game_unavailable`: the game did not answer or refused (the message says which).',
};

export function serverRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('getPanelServer', { 200: 'OK' }),
        summary: "The game server's status with its world GUID, settings and the poller's state",
        handler: getServer,
      }),
      route({
        ...operation('getHealth', { 200: 'OK' }),
        summary:
          "palpanel's own health: store, pollers, save watcher, last parse, disk space, and a WorldOption.sav that overrides the settings",
        handler: getHealth,
      }),
      route({
        ...operation('getCountdown', { 200: 'OK' }),
        summary: 'The shutdown or restart countdown running now (null when none)',
        handler: getCountdown,
      }),
    ]),
    ...moderators([
      route({
        ...operation('announce', { 200: 'The game announced it.' }),
        needs: 'game',
        summary: 'Broadcast a message to every player in game',
        errors: GAME_503,
        handler: announce,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('saveWorld', { 200: 'The game saved.' }),
        needs: 'game',
        summary: 'Make the game save the world now',
        errors: GAME_503,
        handler: saveNow,
      }),
      route({
        ...operation('shutdownServer', { 202: 'Started; the game stops at `shutdownAt`.' }),
        needs: 'countdown',
        summary: 'Shut the game down after a countdown, telling players at each step',
        description:
          "palpanel tells players at each step (default 10, 5 and 1 minutes, 30 and 10 seconds before) through the game's broadcast and hands the last step to the game's own shutdown, which saves and stops. Until then `POST /server/countdown/cancel` stops it. The answer comes once the game heard the first step.",
        errors: { ...GAME_503, 409: '`conflict`: a countdown is already running.' },
        handler: shutdown,
      }),
      route({
        ...operation('cancelCountdown', { 200: 'Cancelled: the countdown as it was.' }),
        needs: 'countdown',
        summary: 'Cancel the shutdown or restart countdown; players are told',
        errors: {
          404: '`not_found`: no countdown is running.',
          409: '`conflict`: the last step went to the game, which stops whatever happens.',
        },
        handler: cancelCountdown,
      }),
    ]),
  ];
}
