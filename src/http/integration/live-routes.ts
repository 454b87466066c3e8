// Live-only routes (spec: Endpoints): /map, /server, /metrics/current, /world/summary,
// /world/workers, /events. They read the pollers' last snapshot and the store, never the game.
import { represent } from '../respond.js';
import type { IntegrationHandler } from './context.js';
import { eventRows, metrics, serverStatus, worldSummary, worldWorkers } from '../../views/live-rows.js';
import { MAP_DATASET } from './map.js';
import type { EventsQuery } from '../../contract/integration-params.js';

const mapRep = represent({ data: MAP_DATASET });

export const map: IntegrationHandler = () => mapRep;
export const server: IntegrationHandler = ({ deps }) =>
  represent({ data: serverStatus(deps.live.snapshot(), deps.store.world.parseInfo()) });
export const currentMetrics: IntegrationHandler = ({ deps }) => represent({ data: metrics(deps.live.snapshot()) });
export const summary: IntegrationHandler = ({ deps }) => represent({ data: worldSummary(deps.live.worldSummary()) });
export const workers: IntegrationHandler = ({ deps }) => represent({ data: worldWorkers(deps.live.worldWorkers()) });
export const events: IntegrationHandler<{ query: typeof EventsQuery }> = ({ deps, query }) =>
  represent({ data: eventRows(deps.store.events.listPublic(query.limit)) });
