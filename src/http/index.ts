// The HTTP core: `createHandler(deps)` returns `handle(req) → response` over the three
// surfaces (Integration API, panel API, contract document). The node:http adapter
// (node-adapter.ts) is a thin shell around it; tests call it without a socket.
import type { HttpDeps } from './deps.js';
import { GENERIC_500, errorResponse, methodNotAllowed, notFound, toErrorResponse } from './errors.js';
import { createIntegrationSurface, INTEGRATION_BASE } from './integration/index.js';
import { buildOpenApiDocument } from './openapi.js';
import { createPanelSurface, PANEL_BASE } from './panel/index.js';
import type { ThrottleOptions } from './panel/login-throttle.js';
import { conditional, represent } from './respond.js';
import type { Handler, HttpRequest, HttpResponse } from './types.js';

export type { Handler, HttpRequest, HttpResponse } from './types.js';
export type { HttpDeps, LiveSource, Logger, WorldSummaryData, WorldWorkersData, WorldWorker } from './deps.js';
export { EMPTY_LIVE } from './deps.js';
export { buildOpenApiDocument } from './openapi.js';
export { startHttpServer } from './node-adapter.js';

export const OPENAPI_PATH = '/api/openapi.json';
/** Panel request bodies (login, key label) are small. */
export const PANEL_BODY_LIMIT = 64 * 1024;

export interface HandlerOptions {
  /** Login throttle tuning (tests). */
  loginThrottle?: ThrottleOptions;
}

const under = (path: string, base: string) => path === base || path.startsWith(base + '/');

export function createHandler(deps: HttpDeps, opts: HandlerOptions = {}): Handler {
  const integration = createIntegrationSurface(deps);
  const panel = createPanelSurface(deps, opts.loginThrottle);
  const contract = represent(buildOpenApiDocument(deps.version));

  const handle: Handler = async (req: HttpRequest): Promise<HttpResponse> => {
    try {
      if (under(req.path, INTEGRATION_BASE)) return integration(req);
      if (under(req.path, PANEL_BASE)) return await panel(req);
      if (req.path === OPENAPI_PATH) {
        if (req.method !== 'GET') throw methodNotAllowed('GET');
        return conditional(req, contract);
      }
      throw notFound();
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  };
  // The Integration API takes no body, so none is ever read there.
  handle.bodyLimit = (_method, path) => (under(path, INTEGRATION_BASE) ? 0 : PANEL_BODY_LIMIT);
  return handle;
}

/** For the adapter: the response when the handler itself fails (it never should). */
export const FALLBACK_500: HttpResponse = errorResponse(500, 'internal_error', GENERIC_500);
