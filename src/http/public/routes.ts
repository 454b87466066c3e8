// Routes outside the two APIs, open to anyone: the contract document (spec: Contract
// document). Its handler serves the representation the surface was given, so the document can
// describe this table too.
import { z } from 'zod';
import { conditional, type Representation } from '../respond.js';
import { routeFactory, type Route } from '../routes/route.js';
import { RouteTable } from '../routes/table.js';
import type { HttpDeps } from '../deps.js';
import type { HttpRequest, HttpResponse } from '../types.js';

export const OPENAPI_PATH = '/api/openapi.json';

export interface PublicContext {
  deps: HttpDeps;
  req: HttpRequest;
  /** The served contract document, serialized once. */
  contract: Representation;
}

export type PublicRoute = Route<PublicContext, HttpResponse>;
const route = routeFactory<PublicContext, HttpResponse>();

/** The document as a schema: a JSON object (its own shape is OpenAPI's, not this service's). */
const OpenApiDocumentSchema = z.record(z.string(), z.unknown());

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
  ];
}

/** Public paths are absolute: the table has no base. */
export const publicTable = () => new RouteTable('', publicRoutes());
