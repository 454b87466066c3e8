// The Integration API surface, `/api/integration/v1/*` (spec: Endpoints, Authentication,
// Limits). Checks run in the order interface.md fixes: method (405), bearer key (401), the
// key's rate limit (429), then routing (404), the route's parameters (404 for a path segment,
// 400 for the query) and the handler. Every response carries `Cache-Control: no-store` and no
// CORS header whatever the Origin.
import type { HttpDeps } from '../deps.js';
import { BASE_HEADERS, errorBody, HttpError, methodNotAllowed, notFound, toErrorResponse } from '../errors.js';
import { conditional } from '../respond.js';
import type { RouteTable } from '../routes/table.js';
import { validateRequest } from '../routes/validate.js';
import type { HttpRequest, HttpResponse } from '../types.js';
import type { IntegrationRoute } from './context.js';
import { SlidingWindowLimiter } from './rate-limit.js';

export { INTEGRATION_BASE, integrationTable } from './routes.js';

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

export interface IntegrationSurface {
  (req: HttpRequest): HttpResponse;
  /** `GET /metrics`: the same checks as the API (method, key, the key's rate limit), then the
   * text `render` makes. */
  guarded(req: HttpRequest, render: () => Promise<HttpResponse>): Promise<HttpResponse>;
}

export function createIntegrationSurface(deps: HttpDeps, table: RouteTable<IntegrationRoute>): IntegrationSurface {
  const limiter = new SlidingWindowLimiter(deps.settings.integrationRateLimit);
  /** Endpoints rule 1: the methods of the table (GET), for every path of the surface. */
  const allow = table.methods.join(', ');

  /** The key id, or null. The store does equal work for every failure (it hashes and compares
   * even a malformed or missing key) and marks a valid key used. */
  function authenticate(req: HttpRequest): string | null {
    const header = req.headers.authorization;
    const m = header === undefined ? null : BEARER.exec(header);
    return deps.store.keys.verify(m ? m[1] : '');
  }

  /** The checks before routing: method, key, rate limit. Null: let the request through. */
  function admit(req: HttpRequest): HttpResponse | null {
    // Endpoints rule 1: decided before anything else, HEAD and OPTIONS included.
    if (!table.methods.includes(req.method)) throw methodNotAllowed(allow);
    const keyId = authenticate(req);
    if (keyId === null) return unauthorized();
    const decision = limiter.hit(keyId, deps.clock().getTime());
    if (!decision.ok) {
      throw new HttpError(429, 'rate_limited', 'The rate limit of this API key was exceeded; retry later.', {
        'retry-after': String(decision.retryAfterSec),
      });
    }
    return null;
  }

  const integration = function integration(req: HttpRequest): HttpResponse {
    try {
      const refused = admit(req);
      if (refused) return refused;
      const now = deps.clock();
      const m = table.match(req.method, req.path);
      if (m.kind === 'none') throw notFound();
      if (m.kind === 'method') throw methodNotAllowed(m.allow.join(', '));
      const input = validateRequest(m.route, req, m.params);
      return conditional(req, m.route.handler({ deps, req, now, ...input }));
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  } as IntegrationSurface;
  integration.guarded = async (req, render) => {
    try {
      return admit(req) ?? (await render());
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  };
  return integration;
}
