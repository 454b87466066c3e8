// The panel's server routes (issue 11): status, health, and the game's admin actions. Spread
// into the panel route table (routes.ts).
import { route, signedIn, adminOnly, type PanelRoute } from '../context.js';
import { announce, getHealth, getServer, saveNow, shutdown } from './handlers.js';
import {
  ActionDoneSchema,
  AnnounceRequestSchema,
  HealthEnvelopeSchema,
  PanelServerEnvelopeSchema,
  ShutdownAcceptedSchema,
  ShutdownRequestSchema,
} from './schemas.js';

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
        needs: 'game',
        summary: 'Shut the game down gracefully after a delay, warning players',
        description: 'The game counts down, tells players the message, saves and stops; the answer comes once the game accepted.',
        request: { body: ShutdownRequestSchema },
        responses: { 202: { description: 'The game accepted; it stops at `shutdownAt`.', schema: ShutdownAcceptedSchema } },
        errors: GAME_503,
        handler: shutdown,
      }),
    ]),
  ];
}
