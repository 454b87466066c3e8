import type { HttpDeps } from '../deps.js';
import type { Representation } from '../respond.js';
import { routeFactory, type RequestSchemas, type Route, type RouteInput } from '../routes/route.js';
import type { HttpRequest } from '../types.js';

/** What an Integration API handler receives beside its validated input; it returns the 200
 * representation (the surface turns it into a 200 or a 304). */
export interface IntegrationContext {
  deps: HttpDeps;
  req: HttpRequest;
  now: Date;
}

export type IntegrationRoute = Route<IntegrationContext, Representation>;

/** A handler typed by the request schemas of its route. */
export type IntegrationHandler<R extends RequestSchemas = Record<never, never>> = (
  ctx: IntegrationContext & RouteInput<R>,
) => Representation;

export const integrationRoute = routeFactory<IntegrationContext, Representation>();
