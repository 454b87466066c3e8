// The diagnostics route: any signed-in user (viewer-safe words, no paths or secrets). Spread
// into the panel route table (routes.ts).
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getDiagnostics } from './handlers.js';

export function diagnosticsRoutes(): PanelRoute[] {
  return signedIn([
    route({
      ...operation('getDiagnostics', { 200: 'OK' }),
      summary: "Whether each link works: the game's REST API, RCON, game data, the save, backups, the backup disk, webhooks",
      description:
        'Each channel with its state in words, since when, its last success and failure, and what to do. Logs in to RCON when nothing used it for a minute.',
      handler: getDiagnostics,
    }),
  ]);
}
