// The Integration API's route table (spec: Endpoints): every route is GET with a bearer key,
// answers a representation with an ETag, and is documented from this entry alone.
import {
  EventsEnvelopeSchema,
  GuildsEnvelopeSchema,
  MapEnvelopeSchema,
  MetricsEnvelopeSchema,
  PalsPageSchema,
  PlayerDetailEnvelopeSchema,
  PlayersPageSchema,
  ServerEnvelopeSchema,
  WorldSummaryEnvelopeSchema,
  WorldWorkersEnvelopeSchema,
} from '../../contract/integration-rows.js';
import type { ResponseSpec } from '../routes/route.js';
import { RouteTable } from '../routes/table.js';
import { integrationRoute as route, type IntegrationRoute } from './context.js';
import * as live from './live-routes.js';
import { EventsQuery, PalsQuery, PlayerPath, PlayersQuery } from '../../contract/integration-params.js';
import { createWorldRoutes } from './world-routes.js';

export const INTEGRATION_BASE = '/api/integration/v1';

const ok = (schema: ResponseSpec['schema']): ResponseSpec => ({ description: 'OK', schema });

/** A fresh table: its world routes own their page caches. */
export function integrationRoutes(): IntegrationRoute[] {
  const world = createWorldRoutes();
  return [
    route({
      method: 'GET',
      path: '/players',
      auth: 'key',
      operationId: 'listPlayers',
      summary: 'Players of the last parse, ordered by uid',
      request: { query: PlayersQuery },
      responses: { 200: ok(PlayersPageSchema) },
      handler: world.players,
    }),
    route({
      method: 'GET',
      path: '/players/{uid}',
      auth: 'key',
      operationId: 'getPlayer',
      summary: 'One player with their pals',
      request: { params: PlayerPath },
      responses: { 200: ok(PlayerDetailEnvelopeSchema) },
      handler: world.player,
    }),
    route({
      method: 'GET',
      path: '/pals',
      auth: 'key',
      operationId: 'listPals',
      summary: 'Pals with owner fields, ordered by instanceId',
      request: { query: PalsQuery },
      responses: { 200: ok(PalsPageSchema) },
      handler: world.pals,
    }),
    route({
      method: 'GET',
      path: '/guilds',
      auth: 'key',
      operationId: 'listGuilds',
      summary: 'Guilds with members and bases',
      responses: { 200: ok(GuildsEnvelopeSchema) },
      handler: world.guilds,
    }),
    route({
      method: 'GET',
      path: '/map',
      auth: 'key',
      operationId: 'getMap',
      summary: 'Map layers: transforms and bounds (never tiles)',
      responses: { 200: ok(MapEnvelopeSchema) },
      handler: live.map,
    }),
    route({
      method: 'GET',
      path: '/server',
      auth: 'key',
      operationId: 'getServer',
      summary: 'Game server status and save status',
      responses: { 200: ok(ServerEnvelopeSchema) },
      handler: live.server,
    }),
    route({
      method: 'GET',
      path: '/metrics/current',
      auth: 'key',
      operationId: 'getMetrics',
      summary: 'Current server metrics',
      responses: { 200: ok(MetricsEnvelopeSchema) },
      handler: live.currentMetrics,
    }),
    route({
      method: 'GET',
      path: '/world/summary',
      auth: 'key',
      operationId: 'getWorldSummary',
      summary: 'Aggregates of the live game data',
      responses: { 200: ok(WorldSummaryEnvelopeSchema) },
      handler: live.summary,
    }),
    route({
      method: 'GET',
      path: '/world/workers',
      auth: 'key',
      operationId: 'getWorldWorkers',
      summary: 'Save-linked base workers',
      responses: { 200: ok(WorldWorkersEnvelopeSchema) },
      handler: live.workers,
    }),
    route({
      method: 'GET',
      path: '/events',
      auth: 'key',
      operationId: 'listEvents',
      summary: 'Recent public events, most recent first',
      request: { query: EventsQuery },
      responses: { 200: ok(EventsEnvelopeSchema) },
      handler: live.events,
    }),
  ];
}

export const integrationTable = () => new RouteTable(INTEGRATION_BASE, integrationRoutes());
