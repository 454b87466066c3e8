// The activity routes (who plays when): players online over a range, hours played per weekday
// and hour, and one player's sessions. Any signed-in user reads them.
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { getHeatmap, getOnline, getPlayerSessions } from './handlers.js';

export function activityRoutes(): PanelRoute[] {
  return signedIn([
    route({
      ...operation('activityOnline', { 200: 'OK' }),
      summary: 'Players online over 24 hours, 7 days or 30 days, every step present (null: no sample, the game was down)',
      handler: getOnline,
    }),
    route({
      ...operation('activityHeatmap', { 200: 'OK' }),
      summary: 'Hours played per weekday and hour (UTC) over 7 or 30 days, from the observed sessions',
      handler: getHeatmap,
    }),
    route({
      ...operation('playerSessions', { 200: 'OK' }),
      summary: "One player's observed sessions over the last days (at most 30)",
      errors: { 404: '`not_found`: no player has that uid.' },
      handler: getPlayerSessions,
    }),
  ]);
}
