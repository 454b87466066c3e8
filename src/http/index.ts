// The HTTP core: `createHandler(deps)` returns `handle(req) → response` over the three
// surfaces (Integration API, panel API, public routes such as the contract document), each
// driven by its route table. The node:http adapter (node-adapter.ts) is a thin shell around
// it; tests call it without a socket.
import { forwardedResolver } from './forwarded.js';
import type { HttpDeps } from './deps.js';
import { notFound, toErrorResponse } from './errors.js';
import { createIntegrationSurface, INTEGRATION_BASE, integrationTable } from './integration/index.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { createPanelSurface, PANEL_BASE, PANEL_BODY_LIMIT, panelTable } from './panel/index.js';
import type { ThrottleOptions } from './panel/auth/login-throttle.js';
import { createPublicSurface, publicTable } from './public/index.js';
import { represent } from './respond.js';
import { LiveFeed } from './stream/feed.js';
import { RequestCounter } from './metrics.js';
import { metricsTable } from './metrics-route.js';
import { BACKUP_UPLOAD_LIMIT, BACKUP_UPLOAD_PATH } from './panel/backups/routes.js';
import { readCookie, SESSION_COOKIE } from './panel/cookies.js';
import type { AnyRoute } from './routes/route.js';
import type { RouteTable } from './routes/table.js';
import type { Handler, HttpRequest, HttpResponse } from './types.js';
import { MAP_TILES_BASE, serveMapTile } from './web/map-tiles.js';
import { contentSecurityPolicy, isWebPath, serveWeb, tileOrigin } from './web/serve-web.js';

export type { Handler, HttpRequest, HttpResponse } from './types.js';
export type { HttpDeps } from './deps.js';
export type { LiveSource } from '../poller/live-source.js';
export type { Logger } from '../lib/logger.js';
export { EMPTY_LIVE } from '../poller/live-source.js';
export { buildOpenApiDocument } from './openapi/document.js';
export { startHttpServer } from './node-adapter.js';
export { OPENAPI_PATH } from './public/index.js';
export { PANEL_BODY_LIMIT } from './panel/index.js';
export { loadWebAssets, WebAssets } from './web/assets.js';

export interface HandlerOptions {
  /** Login throttle tuning (tests). */
  loginThrottle?: ThrottleOptions;
}

const under = (path: string, base: string) => path === base || path.startsWith(base + '/');

export function createHandler(given: HttpDeps, opts: HandlerOptions = {}): Handler {
  const deps: HttpDeps = given.feed ? given : { ...given, feed: new LiveFeed(given.store.events) };
  const tables = { integration: integrationTable(), panel: panelTable(opts.loginThrottle), public: publicTable(), metrics: metricsTable() };
  const metrics = tables.metrics.routes[0];
  const integration = createIntegrationSurface(deps, tables.integration);
  const panel = createPanelSurface(deps, tables.panel);
  const publicRoutes = createPublicSurface(deps, tables.public, represent(buildOpenApiDocument(deps.version)));
  const csp = contentSecurityPolicy(tileOrigin(deps.mapTileUrl ?? null));
  const requests = new RequestCounter([tables.integration, tables.panel, tables.public] as RouteTable<AnyRoute>[]);

  const route = async (req: HttpRequest): Promise<HttpResponse> => {
    try {
      if (under(req.path, INTEGRATION_BASE)) return integration(req);
      if (under(req.path, PANEL_BASE)) return await panel(req);
      // Prometheus scrapes with an Integration API key (interface.md).
      if (req.path === metrics.path)
        return await integration.guarded(req, () => metrics.handler({ deps, requests, params: {}, query: {}, body: undefined }));
      // The host's own map tiles, for a signed-in user (map-tiles.ts).
      if (under(req.path, MAP_TILES_BASE)) return await serveMapTile(deps.mapTiles ?? null, req, signedIn(req));
      const answer = publicRoutes(req);
      if (answer) return answer;
      // Outside /api/ the web UI answers its files, its screens and a browser's navigation
      // (interface.md); an unknown path a program asks for stays the JSON 404.
      if (!under(req.path, '/api') && isWebPath(deps.web ?? null, req)) return serveWeb(deps.web ?? null, req, csp);
      throw notFound();
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  };
  // Behind a reverse proxy: the client's address and scheme, believed only from trusted proxies.
  const forwarded = forwardedResolver(deps.settings.trustedProxies ?? []);
  const handle: Handler = async (given) => {
    const req = forwarded(given);
    const res = await route(req);
    requests.count(req, res.status);
    return res;
  };
  // The Integration API takes no body, so none is ever read there.
  // An upload's large body is read only for a signed-in admin: anyone else's request is
  // answered 401 or 403 on its head, without holding 512 MiB of it first.
  const signedIn = (req: HttpRequest): boolean => {
    const token = readCookie(req, SESSION_COOKIE);
    return token !== undefined && deps.store.sessions.lookup(token, deps.clock()) !== null;
  };
  const mayUpload = (req?: HttpRequest): boolean => {
    const token = req ? readCookie(req, SESSION_COOKIE) : undefined;
    return token !== undefined && deps.store.sessions.lookup(token, deps.clock())?.role === 'admin';
  };
  handle.bodyLimit = (method, path, req) =>
    under(path, INTEGRATION_BASE)
      ? 0
      : method === 'POST' && path === PANEL_BASE + BACKUP_UPLOAD_PATH && mayUpload(req)
        ? BACKUP_UPLOAD_LIMIT
        : PANEL_BODY_LIMIT;
  // An upload goes to a file as it arrives (the backups room writes it): never held whole.
  handle.streamsBody = (method, path, req) => method === 'POST' && path === PANEL_BASE + BACKUP_UPLOAD_PATH && mayUpload(req);
  return handle;
}
