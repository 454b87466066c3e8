// The panel's pal explorer: every pal of the last parse with its owner, filtered by owner,
// species, placement, level, alpha, lucky, condenser stars and passive skills, sorted and paged
// in the store, so a phone never downloads 100,000 rows to show fifty. The Integration API's
// `/pals` stays keyset-paged by instanceId; this list is ordered by the caller's choice, so its
// cursor is a position in that order.
import { route, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { listPalPassives, listPals } from './handlers.js';

export function palRoutes(): PanelRoute[] {
  return [
    ...signedIn([
      route({
        ...operation('panelListPals', {
          200: 'One page in the chosen order and the number of matches; walk `nextCursor` until it is null.',
        }),
        summary: 'Pals of the save with their owners, filtered and sorted for the pal explorer',
        handler: listPals,
      }),
      route({
        ...operation('panelListPalPassives', { 200: 'Most held first.' }),
        summary: 'The passive skills pals of the save hold, with how many hold each (the explorer’s skill filter)',
        handler: listPalPassives,
      }),
    ]),
  ];
}
