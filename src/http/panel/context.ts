import type { SessionUser } from '../../store/sessions.js';
import type { HttpDeps } from '../deps.js';
import type { RequestSchemas, Route, RouteInput, RouteSpec } from '../routes/route.js';
import type { HttpRequest, HttpResponse } from '../types.js';

/** What every panel handler receives beside its validated input. */
export interface PanelBaseContext {
  deps: HttpDeps;
  req: HttpRequest;
  now: Date;
}

/** A session route's context: the signed-in user, checked for the route's role already. */
export interface PanelContext extends PanelBaseContext {
  user: SessionUser;
  /** The session token of the request (for logout). */
  token: string;
}

export type PanelResult = HttpResponse | Promise<HttpResponse>;
export type PanelRoute = Route<PanelBaseContext & Partial<PanelContext>, PanelResult>;

/** A session route's handler, typed by its route's request schemas. */
export type PanelHandler<R extends RequestSchemas = Record<never, never>> = (ctx: PanelContext & RouteInput<R>) => PanelResult;

/** A signed-in route's entry. Who may call it is not written on the entry but bound where the
 * routes are grouped (`signedIn`, `adminOnly`), as pocketbase binds auth to a route group. */
export type SessionEntry = Omit<PanelRoute, 'auth' | 'role'>;

/** A session route: its handler gets the signed-in user, checked for the group's role. */
export function route<R extends RequestSchemas = Record<never, never>>(
  spec: Omit<RouteSpec<PanelContext, PanelResult, R>, 'auth' | 'role'>,
): SessionEntry {
  return spec;
}

/** An open route (the login): no session, so its handler gets no user. */
export function openRoute<R extends RequestSchemas = Record<never, never>>(
  spec: Omit<RouteSpec<PanelBaseContext, PanelResult, R>, 'auth' | 'role'>,
): PanelRoute {
  return { ...(spec as SessionEntry), auth: 'none' };
}

/** Routes any signed-in user may call (a viewer or an admin). */
export const signedIn = (entries: SessionEntry[]): PanelRoute[] => entries.map((e) => ({ ...e, auth: 'session' }));

/** Routes only an admin may call: a viewer's session is refused 403 before the handler. */
export const adminOnly = (entries: SessionEntry[]): PanelRoute[] => entries.map((e) => ({ ...e, auth: 'session', role: 'admin' }));
