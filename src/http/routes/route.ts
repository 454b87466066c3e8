// One route, written down once (architecture.md habit 14): method, path, authentication, role,
// request and response schemas, handler and summary. Each surface (Integration API, panel API,
// public routes) keeps a table of these; its router, request validation, role and Origin checks,
// `Allow` lists and its part of the OpenAPI document all come from that table. The idea follows
// `createRoute` of hono's zod-openapi; the shapes here are the project's own.
import type { z } from 'zod';
import type { Role } from '../../store/users.js';
import { roleAtLeast } from '../../contract/vocabulary.js';
import type { HeaderName } from '../openapi/shared.js';
import type { ServiceName } from '../services.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `key`: an Integration API bearer key; `session`: a panel session cookie; `none`: anyone. */
export type Auth = 'key' | 'session' | 'none';
export type { Role };

/** A documented answer of a route: a success, or an error status its handler raises itself. */
export interface ResponseSpec {
  description: string;
  /** The JSON body; absent for a bodyless answer (204). */
  schema?: z.ZodType;
  /** The body's media type; default `application/json` (`text/event-stream` for a stream, whose
   * schema then describes one message's `data`). */
  contentType?: string;
  /** Response headers, from the document's shared headers (Cache-Control is always added). */
  headers?: HeaderName[];
}

/**
 * What the route accepts. `params` and `query` are zod objects over the route's path parameters
 * and query parameters; `body` is the JSON body. Strictness is the schema's: a `z.strictObject`
 * refuses unknown members, a `z.object` ignores them (the Integration API's queries, whose
 * unknown parameters have always been ignored). A path parameter that fails its schema is a 404
 * (the path names nothing); a query parameter or body that fails is a 400.
 */
export interface RequestSchemas {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is a file, not JSON (an uploaded backup): the media types it may be sent as,
   * and what it is. The handler reads it itself. */
  file?: RequestFile;
}

export interface RequestFile {
  contentTypes: readonly string[];
  description: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The validated input a handler receives beside its surface's context. */
export interface RouteInput<R extends RequestSchemas> {
  params: R['params'] extends z.ZodType ? z.output<R['params']> : Record<never, never>;
  query: R['query'] extends z.ZodType ? z.output<R['query']> : Record<never, never>;
  body: Out<R['body']>;
}

export interface RouteSpec<Ctx, Result, R extends RequestSchemas = RequestSchemas> {
  method: Method;
  /** Below the surface's base, in OpenAPI template form: `/players/{uid}`. */
  path: string;
  auth: Auth;
  /** Session routes: the least role that may call it (default `viewer`: any signed-in user). */
  role?: Role;
  /** Session routes: the least role when the query lacks `param` (it must be one of the route's
   * query parameters). One operation that answers two things: GET /items with `q` is who holds
   * an item, world data every signed-in role reads (interface.md, issue 42); without `q` it is
   * the spec's grant catalog, admin-only like the rest of the grants. */
  roleWithout?: { param: string; role: Role };
  /** A part of palpanel the route cannot work without (a game server, a save folder, …): when
   * the deployment has not set it up, the surface answers for it (services.ts). */
  needs?: ServiceName;
  operationId: string;
  summary: string;
  description?: string;
  /** Default: the surface's tag. */
  tags?: string[];
  request?: R;
  /** Optional request headers the handler reads itself (PUT /config's `If-Match`), for the document. */
  headerParameters?: { name: string; description: string }[];
  /** The success answers by status (200, 201, 204, 304 where the handler itself answers it). */
  responses: Partial<Record<number, ResponseSpec>>;
  /** Error statuses the handler raises itself (domain errors: 404 unknown id, 409 conflict),
   * with what they mean. Statuses the surface answers for every route (401, 405, …) and those
   * that follow from the entry (400 with a body, 403 with a role) are added by the surface. */
  errors?: Partial<Record<number, string | { description: string; headers?: HeaderName[] }>>;
  /** Returns the surface's result: a representation on the Integration API (which answers
   * synchronously), a response or its promise on the panel. */
  handler(ctx: Ctx & RouteInput<R>): Result;
}

/** A route whose request types have been checked against its handler, as tables hold it. */
export type Route<Ctx = unknown, Result = unknown> = RouteSpec<Ctx, Result, RequestSchemas> & {
  handler(ctx: Ctx & { params: unknown; query: unknown; body: unknown }): Result;
};

/** Any surface's route, for code that reads only the entry (validation, the document): the
 * handler, a method and so compared bivariantly, takes whatever context its surface gives. */
export type AnyRoute = Route<never, unknown>;

/** A typed route constructor for one surface: infers the handler's `params`, `query` and
 * `body` from the schemas, then erases them for the table. */
export function routeFactory<Ctx, Result>() {
  return <R extends RequestSchemas = Record<never, never>>(spec: RouteSpec<Ctx, Result, R>): Route<Ctx, Result> => spec;
}

/** The least role that may make this request of `route`: its `roleWithout` when `rawQuery`
 * lacks that parameter, else its `role`. */
export function roleNeeded(route: Pick<AnyRoute, 'role' | 'roleWithout'>, rawQuery: string): Role | undefined {
  const w = route.roleWithout;
  return w !== undefined && !new URLSearchParams(rawQuery).has(w.param) ? w.role : route.role;
}

/** True when a signed-in user with `role` may call a route that needs `needed`. */
export function roleAllows(role: Role, needed: Role | undefined): boolean {
  return needed === undefined || roleAtLeast(role, needed);
}
