// The public surface: routes that need no credentials (the contract document). Routing (404,
// 405 with `Allow`) and the route's parameters come from its table like everywhere else.
import type { HttpDeps } from '../deps.js';
import { methodNotAllowed } from '../errors.js';
import type { Representation } from '../respond.js';
import type { RouteTable } from '../routes/table.js';
import { validateRequest } from '../routes/validate.js';
import type { HttpRequest, HttpResponse } from '../types.js';
import type { PublicRoute } from './routes.js';

export { OPENAPI_PATH, publicTable } from './routes.js';

/** The answer for a path of this surface, or null when the path is none of its. Throws
 * HttpErrors for the caller's one error mapping. */
export function createPublicSurface(
  deps: HttpDeps,
  table: RouteTable<PublicRoute>,
  contract: Representation,
): (req: HttpRequest) => HttpResponse | null {
  for (const r of table.routes) if (r.auth !== 'none') throw new Error(`public routes take no credentials yet: ${r.method} ${r.path}`);
  return function publicRoute(req: HttpRequest): HttpResponse | null {
    const m = table.match(req.method, req.path);
    if (m.kind === 'none') return null;
    if (m.kind === 'method') throw methodNotAllowed(m.allow.join(', '));
    return m.route.handler({ deps, req, contract, ...validateRequest(m.route, req, m.params) });
  };
}
