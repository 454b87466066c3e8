// The Integration API in the document: bearer keys, an ETag on every 200 (so a 304 on every
// route), and the answers its checks add to every route, in the order they run.
import { errorResponse, headerRefs, ref, SHARED_RESPONSES, type Json } from '../openapi/shared.js';
import type { SurfaceContract } from '../openapi/surface.js';
import type { RouteTable } from '../routes/table.js';
import type { IntegrationRoute } from './context.js';
import { DEFAULT_LIMITS } from '../node-adapter.js';

const MAX_HEAD = DEFAULT_LIMITS.maxHeaderSize;

const RESPONSES: Record<number, [string, Json]> = {
  304: ['NotModified', { description: 'The representation matches `If-None-Match`; no body.', headers: headerRefs(['ETag']) }],
  400: ['BadRequest', errorResponse('A query parameter is invalid: `invalid_limit`, `invalid_cursor` or `invalid_request`.')],
  401: [
    'Unauthorized',
    errorResponse(
      'Missing, malformed, unknown, wrong or revoked key: always the same response, code `unauthorized`, message `A valid API key is required.`',
      'WWW-Authenticate',
    ),
  ],
  404: ['NotFound', SHARED_RESPONSES.NotFound],
  405: ['MethodNotAllowed', SHARED_RESPONSES.MethodNotAllowed],
  429: [
    'RateLimited',
    errorResponse(
      '`rate_limited`: the key exceeded its requests per minute (sliding window); `Retry-After` says when the oldest request ages out.',
      'Retry-After',
    ),
  ],
  500: ['InternalError', SHARED_RESPONSES.InternalError],
};

export function integrationContract(table: RouteTable<IntegrationRoute>): SurfaceContract {
  return {
    table,
    tag: { name: 'integration', description: 'Read-only Integration API, contract v1' },
    pathDescription: `${table.methods.join(', ')} only: every other method (HEAD and OPTIONS included) gets 405 \`method_not_allowed\` with \`Allow: ${table.methods.join(', ')}\`.`,
    security: () => [{ bearerAuth: [] }],
    addedStatuses: (r) => [304, ...(r.request?.query ? [400] : []), 401, 404, 405, 429, 500],
    addedResponse: (status) => ref('responses', RESPONSES[status][0]),
    successHeaders: ['ETag'],
    parameters: [ref('parameters', 'IfNoneMatch')],
    responses: Object.fromEntries(Object.values(RESPONSES)),
    parameterObjects: {
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        description: `A comma-separated list of entity tags or \`*\`; weak comparison. A match gets a bodyless 304. The whole request head (request line and headers) is at most ${MAX_HEAD / 1024} KiB: a longer one is refused with 431.`,
        schema: { type: 'string', minLength: 1, maxLength: MAX_HEAD },
      },
    },
  };
}
