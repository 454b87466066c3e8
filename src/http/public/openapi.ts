// The public routes in the document: no security; routing's 405, validation and the generic 500.
import { errorResponse, ref, SHARED_RESPONSES } from '../openapi/shared.js';
import type { SurfaceContract } from '../openapi/surface.js';
import type { RouteTable } from '../routes/table.js';
import type { PublicRoute } from './routes.js';

const NAMES: Record<number, keyof typeof SHARED_RESPONSES> = { 404: 'NotFound', 405: 'MethodNotAllowed', 500: 'InternalError' };

export function publicContract(table: RouteTable<PublicRoute>): SurfaceContract {
  return {
    table,
    tag: { name: 'contract', description: 'This machine-readable contract' },
    security: () => [],
    addedStatuses: (r) => [...(r.request?.params ? [404] : []), ...(r.request?.query || r.request?.body ? [400] : []), 405, 500],
    addedResponse: (status) =>
      status === 400
        ? errorResponse('`invalid_request`: a query parameter or the body is invalid; the message names it.')
        : ref('responses', NAMES[status]),
  };
}
