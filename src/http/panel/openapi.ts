// The panel API in the document: the session cookie, and the answers the surface's checks add
// to a route (panel/index.ts), derived from the same entry that drives them.
import { errorResponse, ref, SHARED_RESPONSES, type Json } from '../openapi/shared.js';
import type { SurfaceContract } from '../openapi/surface.js';
import type { RouteTable } from '../routes/table.js';
import type { PanelRoute } from './context.js';
import { isMutating } from './origin.js';
import { notConfiguredWords } from '../services.js';
import { PANEL_BODY_LIMIT } from './routes.js';

const RESPONSES: Record<number, [string, Json]> = {
  400: [
    'PanelBadRequest',
    errorResponse(
      '`invalid_request`: the body is not a JSON object, a member is unknown or has the wrong type or value, or a query parameter is invalid; the message names the member.',
    ),
  ],
  401: ['SessionRequired', errorResponse('`unauthorized`: no valid panel session.')],
  403: [
    'Forbidden',
    errorResponse(
      '`forbidden`: a viewer session on an admin route, or a mutating request from another origin or that names none (neither `Origin` nor `Sec-Fetch-Site: same-origin`).',
    ),
  ],
  404: ['NotFound', SHARED_RESPONSES.NotFound],
  405: ['MethodNotAllowed', SHARED_RESPONSES.MethodNotAllowed],
  413: [
    'PayloadTooLarge',
    errorResponse(`\`payload_too_large\`: the request body is larger than the panel accepts (${PANEL_BODY_LIMIT / 1024} KiB).`),
  ],
  415: [
    'UnsupportedMediaType',
    errorResponse(
      '`unsupported_media_type`: a request body whose `Content-Type` is not `application/json` (or the file type the route takes).',
    ),
  ],
  500: ['InternalError', SHARED_RESPONSES.InternalError],
};

/** The statuses the panel's own checks may answer on a route, in the order they run. */
export function panelAddedStatuses(r: PanelRoute): number[] {
  const hasInput = r.request?.query !== undefined || r.request?.body !== undefined;
  return [
    ...(r.auth === 'session' ? [401] : []),
    // A role above viewer, the Origin of a change, or a second factor SERVICE_REQUIRE_2FA asks for
    // and the user has not set up (every session route but the few that set it up).
    ...(r.auth === 'session' || isMutating(r.method) ? [403] : []),
    ...(r.request?.params ? [404] : []),
    ...(hasInput ? [400] : []),
    405,
    ...(isMutating(r.method) ? [413, 415] : []),
    ...(r.needs ? [409] : []),
    500,
  ];
}

export function panelContract(table: RouteTable<PanelRoute>): SurfaceContract {
  return {
    table,
    tag: { name: 'panel', description: 'The panel API: a session cookie from the login, roles viewer, moderator and admin' },
    security: (r) => (r.auth === 'session' ? [{ sessionCookie: [] }] : []),
    addedStatuses: panelAddedStatuses,
    addedWords: (status, route) => (status === 409 && route.needs ? notConfiguredWords(route.needs) : undefined),
    addedResponse: (status, route) =>
      status === 409 && route.needs
        ? errorResponse(`\`conflict\`: ${notConfiguredWords(route.needs)}`)
        : ref('responses', RESPONSES[status][0]),
    responses: Object.fromEntries(Object.values(RESPONSES)),
  };
}
