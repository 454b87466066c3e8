// The OpenAPI 3.1 document of the whole API (spec: Contract document), generated from the
// route tables of the three surfaces and the zod schemas they name, so the routes served and
// the routes described cannot drift. Served at `/api/openapi.json` and printed by
// `palpanel openapi`.
import { integrationContract } from '../integration/openapi.js';
import { integrationTable } from '../integration/routes.js';
import { metricsContract, metricsTable } from '../metrics-route.js';
import { operationOf } from './operation.js';
import { SchemaCatalog } from './schema-catalog.js';
import { HEADERS, SHARED_RESPONSES, type Json } from './shared.js';
import type { SurfaceContract } from './surface.js';
import { panelContract } from '../panel/openapi.js';
import { SESSION_COOKIE } from '../panel/cookies.js';
import { panelTable } from '../panel/routes.js';
import { publicContract } from '../public/openapi.js';
import { publicTable } from '../public/routes.js';
import { COMPONENTS, EXAMPLE_KEY } from '../../contract/integration-rows.js';

/** The three surfaces as the document describes them, each over a fresh route table. */
export function contractSurfaces(): SurfaceContract[] {
  return [
    integrationContract(integrationTable()),
    panelContract(panelTable()),
    publicContract(publicTable()),
    metricsContract(metricsTable()),
  ];
}

function addOnce(into: Record<string, Json>, name: string, value: Json): void {
  if (name in into && JSON.stringify(into[name]) !== JSON.stringify(value)) throw new Error(`two different components named ${name}`);
  into[name] = value;
}

/** Only the shared components some operation refers to (an unused one is noise in the contract). */
function referenced(all: Record<string, Json>, kind: string, text: string): Record<string, Json> {
  return Object.fromEntries(Object.entries(all).filter(([name]) => text.includes(`"#/components/${kind}/${name}"`)));
}

export function buildOpenApiDocument(version: string, surfaces: SurfaceContract[] = contractSurfaces()): Json {
  const catalog = new SchemaCatalog(COMPONENTS);
  const paths: Record<string, Json> = {};
  const responses: Record<string, Json> = {};
  const parameters: Record<string, Json> = {};
  for (const [name, r] of Object.entries(SHARED_RESPONSES)) addOnce(responses, name, r);
  for (const surface of surfaces) {
    for (const [name, r] of Object.entries(surface.responses ?? {})) addOnce(responses, name, r);
    for (const [name, p] of Object.entries(surface.parameterObjects ?? {})) addOnce(parameters, name, p);
    for (const route of surface.table.routes) {
      const path = `${surface.table.base}${route.path}`;
      const item = (paths[path] ??= surface.pathDescription ? { description: surface.pathDescription } : {});
      item[route.method.toLowerCase()] = operationOf(surface, route, catalog);
    }
  }
  const used = JSON.stringify(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'palpanel API',
      version,
      summary: 'Read-only Integration API (contract v1) and the panel API.',
      description:
        'The Integration API lives under `/api/integration/v1` (bearer keys, GET only, redacted, `Cache-Control: no-store`, no CORS). ' +
        'Order of checks: method (405), key (401), rate limit (429), route (404). ' +
        'The panel API lives under `/api/v1`: every path but `POST /api/v1/auth/login` needs the session cookie (401 before routing); ' +
        'an admin route refuses a viewer (403), and a mutating request is refused (403) unless its `Origin` is this panel ' +
        '(or, without `Origin`, it says `Sec-Fetch-Site: same-origin`); a mutating request with a body must send it as ' +
        '`application/json` (415 `unsupported_media_type` otherwise; the backup upload takes the archive itself). ' +
        'Request bodies are strict: an unknown member or a wrong type is 400 `invalid_request`, and the message names the member. ' +
        `Keys look like \`svk_<8 lowercase hex>_<43 base64url>\`; examples here (\`${EXAMPLE_KEY}\`) are deliberately not valid keys.`,
      license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
    },
    servers: [{ url: '/', description: 'The palpanel server that serves this document.' }],
    tags: surfaces.map((s) => s.tag),
    paths,
    components: {
      schemas: catalog.toJson(),
      responses: referenced(responses, 'responses', used),
      parameters: referenced(parameters, 'parameters', used),
      headers: HEADERS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svk_<id>_<secret>',
          description: `Integration API key, e.g. \`Authorization: Bearer ${EXAMPLE_KEY}\`.`,
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Panel session from `POST /api/v1/auth/login`.' },
      },
    },
  };
}
