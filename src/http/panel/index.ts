// The panel API surface, `/api/v1/*` (interface.md, Decisions). Every path except the login
// needs a session: without one the answer is 401 before routing, unknown paths included. A
// bearer key is ignored here. Mutating requests must come from the panel's own origin.
// Routes of the spec's other panel screens are not built yet: a signed-in user gets 404.
import type { SessionUser } from '../../store/sessions.js';
import type { HttpDeps } from '../deps.js';
import { HttpError, methodNotAllowed, notFound, toErrorResponse } from '../errors.js';
import { Router } from '../router.js';
import type { HttpRequest, HttpResponse } from '../types.js';
import { createLogin, logout, me } from './auth-routes.js';
import type { PanelHandler } from './context.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { createKey, listKeys, revokeKey } from './key-routes.js';
import type { ThrottleOptions } from './login-throttle.js';
import { isMutating, sameOrigin } from './origin.js';

export const PANEL_BASE = '/api/v1';
export const LOGIN_PATH = `${PANEL_BASE}/auth/login`;

export function createPanelSurface(deps: HttpDeps, throttle?: ThrottleOptions): (req: HttpRequest) => Promise<HttpResponse> {
  const login = createLogin(deps, throttle);
  const router = new Router<PanelHandler>()
    .add('POST', `${PANEL_BASE}/auth/logout`, logout)
    .add('GET', `${PANEL_BASE}/auth/me`, me)
    .add('GET', `${PANEL_BASE}/integration-keys`, listKeys)
    .add('POST', `${PANEL_BASE}/integration-keys`, createKey)
    .add('DELETE', `${PANEL_BASE}/integration-keys/:id`, revokeKey);

  const crossOrigin = () => new HttpError(403, 'forbidden', 'Cross-origin requests are refused.');

  return async function panel(req: HttpRequest): Promise<HttpResponse> {
    try {
      // interface.md: only `POST /api/v1/auth/login` goes without a session; its other
      // methods are answered like any panel path (401, then 405 for a signed-in user).
      if (req.path === LOGIN_PATH && req.method === 'POST') {
        if (!sameOrigin(req)) throw crossOrigin();
        return await login(req);
      }
      const now = deps.clock();
      const token = readCookie(req, SESSION_COOKIE);
      const user: SessionUser | null = token ? deps.store.sessions.lookup(token, now) : null;
      if (!user || !token) throw new HttpError(401, 'unauthorized', 'Sign in first.');
      if (req.path === LOGIN_PATH) throw methodNotAllowed('POST');
      if (isMutating(req.method) && !sameOrigin(req)) throw crossOrigin();
      const m = router.match(req.method, req.path);
      if (m.kind === 'none') throw notFound();
      if (m.kind === 'method') throw methodNotAllowed(m.allow.join(', '));
      return await m.handler({ deps, req, params: m.params, user, token, now });
    } catch (err) {
      return toErrorResponse(err, deps.log);
    }
  };
}
