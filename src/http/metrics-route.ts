// `GET /metrics` written down as a route (interface.md: Prometheus' text format, an Integration
// API key as a bearer token, counted as one request of that key), so the document describes it
// like every other route. The Integration API's checks guard it (method, key, rate limit):
// index.ts hands the request to them, then to this entry's handler.
import { z } from 'zod';
import type { HttpDeps } from './deps.js';
import { METRICS_PATH, renderMetrics, type RequestCounter } from './metrics.js';
import { ref } from './openapi/shared.js';
import type { SurfaceContract } from './openapi/surface.js';
import { routeFactory, type Route } from './routes/route.js';
import { RouteTable } from './routes/table.js';
import type { HttpResponse } from './types.js';

export interface MetricsContext {
  deps: HttpDeps;
  requests: RequestCounter;
}

export type MetricsRoute = Route<MetricsContext, Promise<HttpResponse>>;
const route = routeFactory<MetricsContext, Promise<HttpResponse>>();

export function metricsTable(): RouteTable<MetricsRoute> {
  return new RouteTable('', [
    route({
      method: 'GET',
      path: METRICS_PATH,
      auth: 'key',
      operationId: 'metrics',
      summary: 'Prometheus metrics (text format 0.0.4); one request of the key',
      responses: {
        200: {
          description: 'The metric families: the game, the world, parses, polls and requests by route template and status.',
          contentType: 'text/plain; version=0.0.4',
          schema: z.string(),
        },
      },
      handler: ({ deps, requests }) => renderMetrics(deps, requests),
    }),
  ]);
}

/** The route in the document: the Integration API's key and its answers (no ETag here). */
export function metricsContract(table: RouteTable<MetricsRoute>): SurfaceContract {
  const NAMES: Record<number, string> = { 401: 'Unauthorized', 405: 'MethodNotAllowed', 429: 'RateLimited', 500: 'InternalError' };
  return {
    table,
    tag: { name: 'metrics', description: 'Prometheus metrics, for an Integration API key' },
    pathDescription: 'GET only: every other method gets 405 `method_not_allowed` with `Allow: GET`.',
    security: () => [{ bearerAuth: [] }],
    addedStatuses: () => [401, 405, 429, 500],
    addedResponse: (status) => ref('responses', NAMES[status]),
  };
}
