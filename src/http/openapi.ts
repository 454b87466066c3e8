// The OpenAPI 3.1 document of the API as built (spec: Contract document), generated from the
// zod schemas that type and shape the responses (schemas.ts), so the two cannot drift. Served
// at `/api/openapi.json` and printed by `palpanel openapi`.
import { z } from 'zod';
import { MAX_CURSOR_CHARS } from './cursor.js';
import { EVENTS_DEFAULT, EVENTS_MAX } from './integration/live-routes.js';
import { INTEGRATION_BASE } from './integration/index.js';
import { PAGE_DEFAULT, PAGE_MAX } from './integration/world-routes.js';
import { SESSION_COOKIE } from './panel/cookies.js';
import { PANEL_BASE } from './panel/index.js';
import { COMPONENTS, EXAMPLE_KEY, KEY_ID_PATTERN, UID_PATTERN } from './schemas.js';

type Json = Record<string, unknown>;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const schemaRef = (name: keyof typeof COMPONENTS) => ref('schemas', name);
const jsonContent = (name: keyof typeof COMPONENTS) => ({ 'application/json': { schema: schemaRef(name) } });

/** JSON Schema 2020-12 for every component, with references between them. */
function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` }).schemas as Record<string, Json>;
  for (const s of Object.values(out)) {
    // The document's dialect is 2020-12 already; ids would rebase the references.
    delete s.$schema;
    delete s.$id;
  }
  return out;
}

const headers = {
  ETag: { description: 'Weak validator of the representation (`W/"<hash>"`); sent on 200 and 304 only.', schema: { type: 'string', examples: ['W/"3q2-7w"'] } },
  'Cache-Control': { description: 'Always `no-store`.', schema: { type: 'string', const: 'no-store' } },
  'Retry-After': { description: 'Whole seconds until the oldest request in the window ages out.', schema: { type: 'integer', minimum: 1 } },
  'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', const: 'Bearer' } },
  Allow: { description: 'The methods the path accepts.', schema: { type: 'string', examples: ['GET'] } },
  'Set-Cookie': { description: `The session cookie \`${SESSION_COOKIE}\` (HttpOnly; SameSite=Strict; Path=/; Secure over TLS).`, schema: { type: 'string' } },
};

const h = (...names: (keyof typeof headers)[]) => Object.fromEntries(names.map((n) => [n, ref('headers', n)]));

const errorResponse = (description: string, ...extra: (keyof typeof headers)[]) => ({
  description,
  headers: h('Cache-Control', ...extra),
  content: jsonContent('Error'),
});

const responses = {
  NotModified: { description: 'The representation matches `If-None-Match`; no body.', headers: h('ETag', 'Cache-Control') },
  BadRequest: errorResponse('A query parameter is invalid: `invalid_limit`, `invalid_cursor` or `invalid_request`.'),
  Unauthorized: errorResponse(
    'Missing, malformed, unknown, wrong or revoked key: always the same response, code `unauthorized`, message `A valid API key is required.`',
    'WWW-Authenticate',
  ),
  NotFound: errorResponse('`not_found`: unknown path for an authenticated caller, or unknown resource.'),
  MethodNotAllowed: errorResponse('`method_not_allowed`: any method other than the documented one (HEAD and OPTIONS included), decided before authentication.', 'Allow'),
  RateLimited: errorResponse('`rate_limited`: the key exceeded its requests per minute (sliding window).', 'Retry-After'),
  InternalError: errorResponse('`internal_error`: unexpected failure; the message is generic.'),
  SessionRequired: errorResponse('`unauthorized`: no valid panel session.'),
  Forbidden: errorResponse('`forbidden`: a viewer session on an admin route, or a cross-origin mutating request.'),
  PanelBadRequest: errorResponse('`invalid_request`: the body is not a JSON object, or the label is not 1 to 64 characters after trimming.'),
};

const params = {
  Limit: {
    name: 'limit',
    in: 'query',
    description: `Page size, ${PAGE_DEFAULT} when absent. Written as a plain decimal integer (no sign, space, point or leading zero); anything else or out of range: \`invalid_limit\`.`,
    schema: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT },
  },
  EventsLimit: {
    name: 'limit',
    in: 'query',
    description: `Number of events, ${EVENTS_DEFAULT} when absent. Written as a plain decimal integer (no sign, space, point or leading zero); anything else or out of range: \`invalid_limit\`.`,
    schema: { type: 'integer', minimum: 1, maximum: EVENTS_MAX, default: EVENTS_DEFAULT },
  },
  Cursor: {
    name: 'cursor',
    in: 'query',
    description: 'The `nextCursor` of the previous page; opaque. Empty means the first page. Otherwise `invalid_cursor`.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]*$', maxLength: MAX_CURSOR_CHARS },
  },
  Online: {
    name: 'online',
    in: 'query',
    description: 'Only `true` is allowed: only players currently online. Any other value: `invalid_request`.',
    schema: { type: 'string', enum: ['true'] },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description: 'A comma-separated list of entity tags or `*`; weak comparison. A match gets a bodyless 304.',
    schema: { type: 'string' },
  },
  Uid: {
    name: 'uid',
    in: 'path',
    required: true,
    description: 'Player uid. A segment not matching the pattern gets 404 without a lookup.',
    schema: { type: 'string', pattern: UID_PATTERN },
  },
  KeyId: { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: KEY_ID_PATTERN } },
};
const p = (name: keyof typeof params) => ref('parameters', name);
const r = (name: keyof typeof responses) => ref('responses', name);

interface IntegrationOp {
  path: string;
  id: string;
  summary: string;
  schema: keyof typeof COMPONENTS;
  params: (keyof typeof params)[];
}

const INTEGRATION_OPS: IntegrationOp[] = [
  { path: '/players', id: 'listPlayers', summary: 'Players of the last parse, ordered by uid', schema: 'PlayersPage', params: ['Limit', 'Cursor', 'Online'] },
  { path: '/players/{uid}', id: 'getPlayer', summary: 'One player with their pals', schema: 'PlayerDetailEnvelope', params: ['Uid'] },
  { path: '/pals', id: 'listPals', summary: 'Pals with owner fields, ordered by instanceId', schema: 'PalsPage', params: ['Limit', 'Cursor'] },
  { path: '/guilds', id: 'listGuilds', summary: 'Guilds with members and bases', schema: 'GuildsEnvelope', params: [] },
  { path: '/map', id: 'getMap', summary: 'Map layers: transforms and bounds (never tiles)', schema: 'MapEnvelope', params: [] },
  { path: '/server', id: 'getServer', summary: 'Game server status and save status', schema: 'ServerEnvelope', params: [] },
  { path: '/metrics/current', id: 'getMetrics', summary: 'Current server metrics', schema: 'MetricsEnvelope', params: [] },
  { path: '/world/summary', id: 'getWorldSummary', summary: 'Aggregates of the live game data', schema: 'WorldSummaryEnvelope', params: [] },
  { path: '/world/workers', id: 'getWorldWorkers', summary: 'Save-linked base workers', schema: 'WorldWorkersEnvelope', params: [] },
  { path: '/events', id: 'listEvents', summary: 'Recent public events, most recent first', schema: 'EventsEnvelope', params: ['EventsLimit'] },
];

function integrationPath(op: IntegrationOp): Json {
  const hasQuery = op.params.some((n) => params[n].in === 'query');
  return {
    description: 'GET only: every other method (HEAD and OPTIONS included) gets 405 `method_not_allowed` with `Allow: GET`.',
    get: {
      operationId: op.id,
      summary: op.summary,
      tags: ['integration'],
      security: [{ bearerAuth: [] }],
      parameters: [...op.params.map(p), p('IfNoneMatch')],
      responses: {
        '200': { description: 'OK', headers: h('ETag', 'Cache-Control'), content: jsonContent(op.schema) },
        '304': r('NotModified'),
        ...(hasQuery ? { '400': r('BadRequest') } : {}),
        '401': r('Unauthorized'),
        '404': r('NotFound'),
        '405': r('MethodNotAllowed'),
        '429': r('RateLimited'),
        '500': r('InternalError'),
      },
    },
  };
}

function panelPaths(): Record<string, Json> {
  const session = [{ sessionCookie: [] }];
  const tags = ['panel'];
  return {
    [`${PANEL_BASE}/auth/login`]: {
      post: {
        operationId: 'login',
        summary: 'Sign in to the panel',
        tags,
        security: [],
        requestBody: { required: true, content: jsonContent('LoginRequest') },
        responses: {
          '200': { description: 'Signed in; sets the session cookie.', headers: h('Set-Cookie', 'Cache-Control'), content: jsonContent('User') },
          '400': errorResponse('`invalid_request`: the body is not a JSON object with string `username` and `password`.'),
          '401': errorResponse('`invalid_credentials`: wrong username or password (which one is not told).'),
          '403': r('Forbidden'),
          '405': r('MethodNotAllowed'),
          '429': errorResponse('`rate_limited`: too many failed logins for this username or address.', 'Retry-After'),
          '500': r('InternalError'),
        },
      },
    },
    [`${PANEL_BASE}/auth/logout`]: {
      post: {
        operationId: 'logout',
        summary: 'End the session',
        tags,
        security: session,
        responses: {
          '204': { description: 'Signed out; clears the cookie.', headers: h('Set-Cookie', 'Cache-Control') },
          '401': r('SessionRequired'),
          '403': r('Forbidden'),
          '405': r('MethodNotAllowed'),
          '500': r('InternalError'),
        },
      },
    },
    [`${PANEL_BASE}/auth/me`]: {
      get: {
        operationId: 'me',
        summary: 'The signed-in user',
        tags,
        security: session,
        responses: {
          '200': { description: 'OK', headers: h('Cache-Control'), content: jsonContent('User') },
          '401': r('SessionRequired'),
          '405': r('MethodNotAllowed'),
          '500': r('InternalError'),
        },
      },
    },
    [`${PANEL_BASE}/integration-keys`]: {
      get: {
        operationId: 'listKeys',
        summary: 'Integration key records, newest first (never the key)',
        tags,
        security: session,
        responses: {
          '200': { description: 'OK', headers: h('Cache-Control'), content: jsonContent('KeyList') },
          '401': r('SessionRequired'),
          '403': r('Forbidden'),
          '405': r('MethodNotAllowed'),
          '500': r('InternalError'),
        },
      },
      post: {
        operationId: 'createKey',
        summary: 'Create an integration key; the plaintext key is returned only here',
        tags,
        security: session,
        requestBody: { required: true, content: jsonContent('CreateKeyRequest') },
        responses: {
          '201': { description: 'Created', headers: h('Cache-Control'), content: jsonContent('KeyCreated') },
          '400': r('PanelBadRequest'),
          '401': r('SessionRequired'),
          '403': r('Forbidden'),
          '405': r('MethodNotAllowed'),
          '409': errorResponse('`too_many_keys`: 100 active keys exist already.'),
          '500': r('InternalError'),
        },
      },
    },
    [`${PANEL_BASE}/integration-keys/{id}`]: {
      delete: {
        operationId: 'revokeKey',
        summary: 'Revoke a key (again: the original revokedAt)',
        tags,
        security: session,
        parameters: [p('KeyId')],
        responses: {
          '200': { description: 'The record with revokedAt set.', headers: h('Cache-Control'), content: jsonContent('KeyRecord') },
          '401': r('SessionRequired'),
          '403': r('Forbidden'),
          '404': r('NotFound'),
          '405': r('MethodNotAllowed'),
          '500': r('InternalError'),
        },
      },
    },
  };
}

export function buildOpenApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of INTEGRATION_OPS) paths[`${INTEGRATION_BASE}${op.path}`] = integrationPath(op);
  Object.assign(paths, panelPaths());
  paths['/api/openapi.json'] = {
    get: {
      operationId: 'getOpenApi',
      summary: 'This document',
      tags: ['contract'],
      security: [],
      responses: {
        '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
        '405': r('MethodNotAllowed'),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'palpanel API',
      version,
      summary: 'Read-only Integration API (contract v1) and the panel routes that manage its keys.',
      description:
        'The Integration API lives under `/api/integration/v1` (bearer keys, GET only, redacted, `Cache-Control: no-store`, no CORS). ' +
        'Order of checks: method (405), key (401), rate limit (429), route (404). The panel API lives under `/api/v1` (session cookie). ' +
        `Keys look like \`svk_<8 lowercase hex>_<43 base64url>\`; examples here (\`${EXAMPLE_KEY}\`) are deliberately not valid keys.`,
      license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
    },
    tags: [
      { name: 'integration', description: 'Read-only Integration API, contract v1' },
      { name: 'panel', description: 'Panel login and integration key administration' },
      { name: 'contract', description: 'This machine-readable contract' },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      responses,
      parameters: params,
      headers,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'svk_<id>_<secret>', description: `Integration API key, e.g. \`Authorization: Bearer ${EXAMPLE_KEY}\`.` },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Panel session from `POST /api/v1/auth/login`.' },
      },
    },
  };
}
