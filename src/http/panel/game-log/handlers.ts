// The handler of the panel's game log route (issue 40): the kept lines, filtered, from the
// follower (ingest/game-log/game-log.ts). The lines are data: masked when read, sent as JSON
// strings, shown by the web UI as text.
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { GameLogQuery } from '../../../contract/panel/game-log.js';
import { NO_GAME_LOG } from '../../../ingest/game-log/game-log.js';

export const getGameLog = (({ deps, query }) => json(200, { data: deps.gameLog?.page(query) ?? NO_GAME_LOG })) satisfies PanelHandler<{
  query: typeof GameLogQuery;
}>;
