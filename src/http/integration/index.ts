// The Integration API surface, `/api/integration/v1/*` (spec: Endpoints, Authentication,
// Limits). Checks run in the order interface.md fixes: method (405), bearer key (401), the
// key's rate limit (429), then routing (404) and the handler. Every response carries
// `Cache-Control: no-store` and no CORS header whatever the Origin.
import type { HttpDeps } from '../deps.js';
import { BASE_HEADERS, errorBody, HttpError, methodNotAllowed, notFound, toErrorResponse } from '../errors.js';
import { parseQuery } from '../query.js';
import { conditional } from '../respond.js';
import { Router } from '../router.js';
import type { HttpRequest, HttpResponse } from '../types.js';
import type { RouteHandler } from './context.js';
import { liveRoutes } from './live-routes.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import { createWorldRoutes } from './world-routes.js';

export const INTEGRATION_BASE = '/api/integration/v1';

/** The integration paths below the base, with their handlers' names (also used by openapi.ts). */
export const INTEGRATION_PATHS = [
  '/players',
  '/players/{uid}',
  '/pals',
  '/guilds',
  '/map',
  '/server',
  '/metrics/current',
  '/world/summary',
  '/world/workers',
  '/events',
] as const;

/** Authentication rule 3: one response for every failure, built once, byte for byte the same. */
const UNAUTHORIZED_BODY = Buffer.from(errorBody('unauthorized', 'A valid API key is required.'));
function unauthorized(): HttpResponse {
  return { status: 401, headers: { ...BASE_HEADERS, 'www-authenticate': 'Bearer' }, body: UNAUTHORIZED_BODY };
}

/** `Bearer <key>` (spec: Authentication rule 1) as HTTP defines it: the scheme name is
 * case-insensitive (RFC 7235 §2.1) and one or more spaces separate it from the token (RFC 6750
 * §2.1, `"Bearer" 1*SP b64token`). Anything else (a tab, `Basic`, a second word, no token) is a
 * malformed header, one of rule 3's failures. Node has already trimmed the value. */
const BEARER = /^Bearer +([^\s]+)$/i;

export function createIntegrationSurface(deps: HttpDeps): (req: HttpRequest) => HttpResponse {
  const limiter = new SlidingWindowLimiter(deps.settings.integrationRateLimit);
  const world = createWorldRoutes();
  const router = new Router<RouteHandler>()
    .add('GET', `${INTEGRATION_BASE}/players`, world.players)
    .add('GET', `${INTEGRATION_BASE}/players/:uid`, world.player)
    .add('GET', `${INTEGRATION_BASE}/pals`, world.pals)
    .add('GET', `${INTEGRATION_BASE}/guilds`, world.guilds)
    .add('GET', `${INTEGRATION_BASE}/map`, liveRoutes.map)
    .add('GET', `${INTEGRATION_BASE}/server`, liveRoutes.server)
    .add('GET', `${INTEGRATION_BASE}/metrics/current`, liveRoutes.metrics)
    .add('GET', `${INTEGRATION_BASE}/world/summary`, liveRoutes.worldSummary)
    .add('GET', `${INTEGRATION_BASE}/world/workers`, liveRoutes.worldWorkers)
    .add('GET', `${INTEGRATION_BASE}/events`, liveRoutes.events);

  /** The key id, or null. The store does equal work for every failure (it hashes and compares
   * even a malformed or missing key) and marks a valid key used. */
  function authenticate(req: HttpRequest): string | null {
    const header = req.headers.authorization;
    const m = header === undefined ? null : BEARER.exec(header);
    return deps.store.keys.verify(m ? m[1] : '');
  }

  return function integration(req: HttpRequest): HttpResponse {
    try {
      // Endpoints rule 1: decided before anything else, HEAD and OPTIONS included.
      if (req.method !== 'GET') throw methodNotAllowed('GET');
      const keyId = authenticate(req);
      if (keyId === null) return unauthorized();
      const now = deps.clock();
      const decision = limiter.hit(keyId, now.getTime());
      if (!decision.ok) {
        throw new HttpError(429, 'rate_limited', 'The rate limit of this API key was exceeded; retry later.', {
          'retry-after': String(decision.retryAfterSec),
        });
      }
      const m = router.match('GET', req.path);
      if (m.kind !== 'found') throw notFound();
      const rep = m.handler({ deps, req, params: m.params, query: parseQuery(req.query), now });
      return conditional(req, rep);
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  };
}
