// Live-only routes (spec: Endpoints): /map, /server, /metrics/current, /world/summary,
// /world/workers, /events. They read the pollers' last snapshot and the store, never the game.
import { parseLimit } from '../query.js';
import { represent } from '../respond.js';
import type { RouteHandler } from './context.js';
import { eventRows, metrics, serverStatus, worldSummary, worldWorkers } from './live-rows.js';
import { MAP_DATASET } from './map.js';

export const EVENTS_DEFAULT = 50;
export const EVENTS_MAX = 100;

const mapRep = represent({ data: MAP_DATASET });

export const liveRoutes: Record<string, RouteHandler> = {
  map: () => mapRep,
  server: ({ deps }) => represent({ data: serverStatus(deps.live.snapshot(), deps.store.world.parseInfo()) }),
  metrics: ({ deps }) => represent({ data: metrics(deps.live.snapshot()) }),
  worldSummary: ({ deps }) => represent({ data: worldSummary(deps.live.worldSummary()) }),
  worldWorkers: ({ deps }) => represent({ data: worldWorkers(deps.live.worldWorkers()) }),
  events: ({ deps, query }) => {
    const limit = parseLimit(query, EVENTS_DEFAULT, EVENTS_MAX);
    return represent({ data: eventRows(deps.store.events.listPublic(limit)) });
  },
};
