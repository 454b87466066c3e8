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

type ContextFor<A> = A extends 'session' ? PanelContext : PanelBaseContext;

/** A panel route: a `session` route's handler gets the user, an open (`none`) route's does not. */
export function panelRoute<A extends 'session' | 'none', R extends RequestSchemas = Record<never, never>>(
  spec: RouteSpec<ContextFor<A>, PanelResult, R> & { auth: A },
): PanelRoute {
  return spec;
}
