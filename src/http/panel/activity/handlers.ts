// Handlers of the activity routes: the store computes (store/activity.ts); they check the player
// and shape the answer.
import { NotFoundError } from '../../../domain/errors.js';
import { heatmap, onlineSeries } from '../../../store/activity.js';
import { uidKey } from '../../../store/world.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import type { HeatmapQuery, OnlineQuery, PlayerSessionsPath, PlayerSessionsQuery } from '../../../contract/panel/activity.js';

const DAY = 86_400_000;
/** Sessions one timeline answers at most. */
export const TIMELINE_MAX = 1_000;

export const getOnline = (({ deps, query, now }) =>
  json(200, { data: onlineSeries(deps.store.metrics, query.range, now.getTime()) })) satisfies PanelHandler<{ query: typeof OnlineQuery }>;

export const getHeatmap = (({ deps, query, now }) =>
  json(200, { data: heatmap(deps.store.history, query.range, now.getTime()) })) satisfies PanelHandler<{ query: typeof HeatmapQuery }>;

export const getPlayerSessions = (({ deps, params, query, now }) => {
  const p = deps.store.world.player(params.uid);
  if (!p) throw new NotFoundError('No player has that uid.');
  const toMs = now.getTime();
  const fromMs = toMs - query.days * DAY;
  const spans = deps.store.history.sessionsBetween(uidKey(p.uid), fromMs, toMs, toMs, TIMELINE_MAX);
  return json(200, {
    data: {
      from: new Date(fromMs).toISOString(),
      to: now.toISOString(),
      sessions: spans.map((s) => ({
        startedAt: new Date(s.startMs).toISOString(),
        endedAt: new Date(s.endMs).toISOString(),
        open: s.open,
      })),
    },
  });
}) satisfies PanelHandler<{ params: typeof PlayerSessionsPath; query: typeof PlayerSessionsQuery }>;
