// The panel's game log route (issue 40): admins only (the log may name players' addresses and
// the server's set-up). Spread into the panel route table (routes.ts).
import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getGameLog } from './handlers.js';

export function gameLogRoutes(): PanelRoute[] {
  return adminOnly([
    route({
      ...operation('getGameLog', { 200: 'OK' }),
      summary: "The game's log: the last lines palpanel followed, with search and level filters",
      description:
        'Followed from SERVICE_GAME_LOG (a file, through rotation and truncation) or SERVICE_GAME_LOG_COMMAND (a command’s output). The last 10,000 lines are kept in memory (not across palpanel restarts; a file’s last megabyte is read again at start). Secrets are masked as in the console. Ask again with `after` set to `lastSeq` for the lines since.',
      handler: getGameLog,
    }),
  ]);
}
