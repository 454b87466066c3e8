// Routes outside the two APIs, open to anyone: the contract document (spec: Contract
// document). Its handler serves the representation the surface was given, so the document can
// describe this table too.
import { HealthzSchema, OpenApiDocumentSchema } from '../../contract/public.js';
import { conditional, type Representation } from '../respond.js';
import { routeFactory, type Route } from '../routes/route.js';
import { RouteTable } from '../routes/table.js';
import type { HttpDeps } from '../deps.js';
import type { HttpRequest, HttpResponse } from '../types.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const HEALTHZ_PATH = '/healthz';

/** Liveness and readiness in one (interface.md): the store answers a read. It names nothing. */
function healthz({ deps }: PublicContext): HttpResponse {
  let ok: boolean;
  try {
    deps.store.events.lastId();
    ok = true;
  } catch {
    ok = false;
  }
  return {
    status: ok ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    body: JSON.stringify({ status: ok ? 'ok' : 'failing' }),
  };
}

export interface PublicContext {
  deps: HttpDeps;
  req: HttpRequest;
  /** The served contract document, serialized once. */
  contract: Representation;
}

export type PublicRoute = Route<PublicContext, HttpResponse>;
const route = routeFactory<PublicContext, HttpResponse>();

export function publicRoutes(): PublicRoute[] {
  return [
    route({
      method: 'GET',
      path: OPENAPI_PATH,
      auth: 'none',
      operationId: 'getOpenApi',
      summary: 'This document',
      responses: {
        200: { description: 'The OpenAPI 3.1 document.', schema: OpenApiDocumentSchema, headers: ['ETag'] },
        304: { description: 'The document matches `If-None-Match`; no body.', headers: ['ETag'] },
      },
      handler: ({ req, contract }) => conditional(req, contract),
    }),
    route({
      method: 'GET',
      path: HEALTHZ_PATH,
      auth: 'none',
      operationId: 'healthz',
      summary: 'Liveness and readiness, for a load balancer or a container health check',
      responses: {
        200: { description: '`{"status": "ok"}`: the store is open and requests are served.', schema: HealthzSchema },
        503: { description: '`{"status": "failing"}`: the store cannot be read.', schema: HealthzSchema },
      },
      handler: healthz,
    }),
  ];
}

/** Public paths are absolute: the table has no base. */
export const publicTable = () => new RouteTable('', publicRoutes());
