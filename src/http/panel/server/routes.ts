// The panel's server routes (issue 11): status, health, and the game's admin actions. Spread
// into the panel route table (routes.ts).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { announce, cancelCountdown, getCountdown, getHealth, getServer, saveNow, shutdown } from './handlers.js';
import {
  ActionDoneSchema,
  AnnounceRequestSchema,
  CountdownCancelledSchema,
  CountdownEnvelopeSchema,
  HealthEnvelopeSchema,
  PanelServerEnvelopeSchema,
  ShutdownAcceptedSchema,
  ShutdownRequestSchema,
} from '../../../contract/panel/server.js';

const GAME_503 = {
  503: '`game_unavailable`: the game did not answer or refused (the message says which).',
};

export function serverRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/server',
        operationId: 'getPanelServer',
        summary: "The game server's status with its world GUID, settings and the poller's state",
        responses: { 200: { description: 'OK', schema: PanelServerEnvelopeSchema } },
        handler: getServer,
      }),
      route({
        method: 'GET',
        path: '/server/health',
        operationId: 'getHealth',
        summary:
          "palpanel's own health: store, pollers, save watcher, last parse, disk space, and a WorldOption.sav that overrides the settings",
        responses: { 200: { description: 'OK', schema: HealthEnvelopeSchema } },
        handler: getHealth,
      }),
      route({
        method: 'GET',
        path: '/server/countdown',
        operationId: 'getCountdown',
        summary: 'The shutdown or restart countdown running now (null when none)',
        responses: { 200: { description: 'OK', schema: CountdownEnvelopeSchema } },
        handler: getCountdown,
      }),
    ]),
    ...adminOnly([
      route({
        method: 'POST',
        path: '/server/announce',
        operationId: 'announce',
        needs: 'game',
        summary: 'Broadcast a message to every player in game',
        request: { body: AnnounceRequestSchema },
        responses: { 200: { description: 'The game announced it.', schema: ActionDoneSchema } },
        errors: GAME_503,
        handler: announce,
      }),
      route({
        method: 'POST',
        path: '/server/save',
        operationId: 'saveWorld',
        needs: 'game',
        summary: 'Make the game save the world now',
        responses: { 200: { description: 'The game saved.', schema: ActionDoneSchema } },
        errors: GAME_503,
        handler: saveNow,
      }),
      route({
        method: 'POST',
        path: '/server/shutdown',
        operationId: 'shutdownServer',
        needs: 'countdown',
        summary: 'Shut the game down after a countdown, telling players at each step',
        description:
          "palpanel tells players at each step (default 10, 5 and 1 minutes, 30 and 10 seconds before) through the game's broadcast and hands the last step to the game's own shutdown, which saves and stops. Until then `POST /server/countdown/cancel` stops it. The answer comes once the game heard the first step.",
        request: { body: ShutdownRequestSchema },
        responses: { 202: { description: 'Started; the game stops at `shutdownAt`.', schema: ShutdownAcceptedSchema } },
        errors: { ...GAME_503, 409: '`conflict`: a countdown is already running.' },
        handler: shutdown,
      }),
      route({
        method: 'POST',
        path: '/server/countdown/cancel',
        operationId: 'cancelCountdown',
        needs: 'countdown',
        summary: 'Cancel the shutdown or restart countdown; players are told',
        responses: { 200: { description: 'Cancelled: the countdown as it was.', schema: CountdownCancelledSchema } },
        errors: {
          404: '`not_found`: no countdown is running.',
          409: '`conflict`: the last step went to the game, which stops whatever happens.',
        },
        handler: cancelCountdown,
      }),
    ]),
  ];
}
