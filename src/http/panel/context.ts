import type { PlayerService } from '../../actions/players/player-service.js';
import type { SessionUser } from '../../store/sessions.js';
import type { HttpDeps } from '../deps.js';
import type { ServiceName, ServiceOf } from '../services.js';
import type { z } from 'zod';
import type { JsonResponse, PlainResponse } from '../respond.js';
import type { RequestSchemas, ResponseSpec, Route, RouteInput, RouteSpec } from '../routes/route.js';
import type { HttpRequest, HttpResponse } from '../types.js';

/** What every panel handler receives beside its validated input. */
export interface PanelBaseContext {
  deps: HttpDeps;
  req: HttpRequest;
  now: Date;
  /** Who players are and what may be done to them (actions/players/player-service.ts). */
  players: PlayerService;
}

/** The part of palpanel a route `needs` (services.ts), handed to its handler present: the
 * surface answered for it already when the deployment has not set it up. */
export type NeedsContext<N extends ServiceName | undefined> = N extends ServiceName ? { service: ServiceOf<N> } : Record<never, never>;

/** A session route's context: the signed-in user, checked for the route's role already. */
export interface PanelContext extends PanelBaseContext {
  user: SessionUser;
  /** The session token of the request (for logout). */
  token: string;
}

export type PanelResult = HttpResponse | Promise<HttpResponse>;
type Responses = Partial<Record<number, ResponseSpec>>;
export type PanelRoute = Route<PanelBaseContext & Partial<PanelContext> & { service?: unknown }, PanelResult>;

/** A session route's handler, typed by its route's request schemas and the service it needs. */
export type PanelHandler<R extends RequestSchemas = Record<never, never>, N extends ServiceName | undefined = undefined> = (
  ctx: PanelContext & RouteInput<R> & NeedsContext<N>,
) => PanelResult;

/** A signed-in route's entry. Who may call it is not written on the entry but bound where the
 * routes are grouped (`signedIn`, `adminOnly`), as pocketbase binds auth to a route group. */
export type SessionEntry = Omit<PanelRoute, 'auth' | 'role'>;

/** What a handler may answer, given the answers its route declares: a JSON body made by json()
 * from a value its status's schema accepts, or a plain answer where a status has no schema. */
type AnswerOf<Res> = {
  [K in keyof Res]: Res[K] extends { contentType: string }
    ? HttpResponse // a stream: its schema is of one message, not of the answer
    : Res[K] extends { schema: infer S extends z.ZodType }
      ? JsonResponse<z.input<S>>
      : PlainResponse;
}[keyof Res];

type EntrySpec<Ctx, R extends RequestSchemas, Res, N extends ServiceName | undefined> = Omit<
  RouteSpec<Ctx, PanelResult, R>,
  'auth' | 'role' | 'responses' | 'handler' | 'needs'
> & {
  needs?: N;
  responses: Res;
  /** Checked by the type system against `responses`: json()'s value must fit the schema; a
   * property, not a method, so a handler that takes a service its entry does not name fails. */
  handler: (ctx: Ctx & RouteInput<R> & NeedsContext<N>) => AnswerOf<Res> | Promise<AnswerOf<Res>>;
};

/** A session route: its handler gets the signed-in user, checked for the group's role, and the
 * service its entry `needs`. */
export function route<
  R extends RequestSchemas = Record<never, never>,
  Res extends Responses = Responses,
  N extends ServiceName | undefined = undefined,
>(spec: EntrySpec<PanelContext, R, Res, N>): SessionEntry {
  return spec;
}

/** An open route (the login): no session, so its handler gets no user. */
export function openRoute<R extends RequestSchemas = Record<never, never>, Res extends Responses = Responses>(
  spec: EntrySpec<PanelBaseContext, R, Res, undefined>,
): PanelRoute {
  return { ...(spec as SessionEntry), auth: 'none' };
}

/** Routes any signed-in user may call (a viewer, a moderator or an admin). */
export const signedIn = (entries: SessionEntry[]): PanelRoute[] => entries.map((e) => ({ ...e, auth: 'session' }));

/** Routes a moderator or an admin may call (kick, ban, the whitelist, announce, the console's
 * log): a viewer's session is refused 403 before the handler. */
export const moderators = (entries: SessionEntry[]): PanelRoute[] => entries.map((e) => ({ ...e, auth: 'session', role: 'moderator' }));

/** Routes only an admin may call: a viewer's or a moderator's session is refused 403 before the handler. */
export const adminOnly = (entries: SessionEntry[]): PanelRoute[] => entries.map((e) => ({ ...e, auth: 'session', role: 'admin' }));
