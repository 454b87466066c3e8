import type { HttpDeps } from '../deps.js';
import type { Query } from '../query.js';
import type { Representation } from '../respond.js';
import type { Params } from '../router.js';
import type { HttpRequest } from '../types.js';

/** What an Integration API route handler receives; it returns the 200 representation. */
export interface RouteContext {
  deps: HttpDeps;
  req: HttpRequest;
  params: Params;
  query: Query;
  now: Date;
}

export type RouteHandler = (ctx: RouteContext) => Representation;
