// The panel API surface, `/api/v1/*` (interface.md, Decisions). The checks come from the route
// table, in this order: a session for every path but the open routes (401 before routing,
// unknown paths included; a bearer key is ignored), routing (404, 405), the Origin of a
// mutating request (403, cross-site request forgery), the route's role (403), a second factor
// SERVICE_REQUIRE_2FA asks for and the user has not set up (403), the media type of
// a mutating request's body (415), its parameters and body (404, 400), then the handler.
import type { SessionUser } from '../../store/sessions.js';
import type { HttpDeps } from '../deps.js';
import { HttpError, methodNotAllowed, notFound, panelErrorResponse, toErrorResponse } from '../errors.js';
import { roleAllows, roleNeeded } from '../routes/route.js';
import type { RouteTable } from '../routes/table.js';
import { validateRequest } from '../routes/validate.js';
import type { HttpRequest, HttpResponse } from '../types.js';
import { serviceFor } from '../services.js';
import { createPlayerService } from '../../actions/players/player-service.js';
import type { PanelRoute } from './context.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { checkBodyType } from './media-type.js';
import { isMutating, originRefusal } from './origin.js';
import { BEFORE_ENROLMENT, ENROL_FIRST, mustEnrolTotp } from './auth/enrolment.js';
import type { PanelOperationId } from '../../contract/panel-paths.js';

export { PANEL_BASE, PANEL_BODY_LIMIT, panelTable } from './routes.js';

/** A request with this header set to `1` (the web UI sends it) gets every error with its message
 * id and params (interface.md, "Language"). Without it, errors keep the spec's exact envelope
 * `{error: {code, message}}`, which its conformance tests hold the panel's routes to. */
export const MESSAGE_IDS_HEADER = 'x-palpanel-message-ids';

export function createPanelSurface(deps: HttpDeps, table: RouteTable<PanelRoute>): (req: HttpRequest) => Promise<HttpResponse> {
  for (const r of table.routes) if (r.auth === 'key') throw new Error(`the panel takes no bearer keys: ${r.method} ${r.path}`);

  function session(req: HttpRequest, now: Date): { user: SessionUser; token: string } | null {
    const token = readCookie(req, SESSION_COOKIE);
    const user = token ? deps.store.sessions.lookup(token, now) : null;
    return user && token ? { user, token } : null;
  }

  const players = createPlayerService(deps);

  return async function panel(req: HttpRequest): Promise<HttpResponse> {
    const ids = req.headers[MESSAGE_IDS_HEADER] === '1';
    try {
      const now = deps.clock();
      const m = table.match(req.method, req.path);
      // interface.md: only the open routes (POST /api/v1/auth/login) go without a session;
      // the other methods of their paths are answered like any panel path.
      const open = m.kind === 'found' && m.route.auth === 'none';
      const signedIn = open ? null : session(req, now);
      if (!open && !signedIn) throw new HttpError(401, 'unauthorized', 'Sign in first.');
      if (m.kind === 'none') throw notFound();
      if (m.kind === 'method') throw methodNotAllowed(m.allow.join(', '));
      const route = m.route;
      const site = { publicUrl: deps.settings.publicUrl, listenHost: deps.settings.listen?.host };
      const refusal = isMutating(route.method) ? originRefusal(req, site) : null;
      if (refusal !== null) throw new HttpError(403, 'forbidden', refusal);
      const needed = roleNeeded(route, req.query);
      if (signedIn && !roleAllows(signedIn.user.role, needed))
        throw new HttpError(
          403,
          'forbidden',
          needed === 'admin' ? 'This action needs an admin session.' : 'This action needs a moderator or admin session.',
        );
      if (
        signedIn &&
        !BEFORE_ENROLMENT.has(route.operationId as PanelOperationId) &&
        mustEnrolTotp(deps, signedIn.user.username, signedIn.user.role)
      )
        throw new HttpError(403, 'forbidden', ENROL_FIRST);
      if (isMutating(route.method)) checkBodyType(route, req);
      const input = validateRequest(route, req, m.params);
      const service = route.needs ? serviceFor(deps, route.needs) : undefined;
      return await route.handler({ deps, req, now, players, ...signedIn, ...input, service });
    } catch (err) {
      return ids ? panelErrorResponse(err, deps.log) : toErrorResponse(err, deps.log);
    }
  };
}
