// The panel's pal browser (issue 14): every pal of the last parse with its owner, filtered by
// owner, species, placement and level and sorted on the server, so a phone never downloads
// 100,000 rows to show fifty. The Integration API's `/pals` stays keyset-paged by instanceId;
// this list is ordered by the caller's choice, so its cursor is an offset into that order.
import { route, signedIn, type PanelRoute } from '../context.js';
import { listPals } from './handlers.js';
import { PanelPalsQuery, PanelPalsPageSchema } from './schemas.js';

export function palRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        method: 'GET',
        path: '/pals',
        operationId: 'panelListPals',
        summary: 'Pals of the save with their owners, filtered and sorted for the pal browser',
        request: { query: PanelPalsQuery },
        responses: {
          200: { description: 'One page in the chosen order; walk `nextCursor` until it is null.', schema: PanelPalsPageSchema },
        },
        handler: listPals,
      }),
    ]),
  ];
}
