// The activity routes (who plays when): players online over a range, hours played per weekday
// and hour, and one player's sessions. Any signed-in user reads them.
import { route, signedIn, type PanelRoute } from '../context.js';
import { getHeatmap, getOnline, getPlayerSessions } from './handlers.js';
import {
  HeatmapQuery,
  HeatmapSchema,
  OnlineQuery,
  OnlineSeriesSchema,
  PlayerSessionsPath,
  PlayerSessionsQuery,
  PlayerSessionsSchema,
} from '../../../contract/panel/activity.js';

export function activityRoutes(): PanelRoute[] {
  return signedIn([
    route({
      method: 'GET',
      path: '/activity/online',
      operationId: 'activityOnline',
      summary: 'Players online over 24 hours, 7 days or 30 days, every step present (null: no sample, the game was down)',
      request: { query: OnlineQuery },
      responses: { 200: { description: 'OK', schema: OnlineSeriesSchema } },
      handler: getOnline,
    }),
    route({
      method: 'GET',
      path: '/activity/heatmap',
      operationId: 'activityHeatmap',
      summary: 'Hours played per weekday and hour (UTC) over 7 or 30 days, from the observed sessions',
      request: { query: HeatmapQuery },
      responses: { 200: { description: 'OK', schema: HeatmapSchema } },
      handler: getHeatmap,
    }),
    route({
      method: 'GET',
      path: '/players/{uid}/sessions',
      operationId: 'playerSessions',
      summary: "One player's observed sessions over the last days (at most 30)",
      request: { params: PlayerSessionsPath, query: PlayerSessionsQuery },
      responses: { 200: { description: 'OK', schema: PlayerSessionsSchema } },
      errors: { 404: '`not_found`: no player has that uid.' },
      handler: getPlayerSessions,
    }),
  ]);
}
