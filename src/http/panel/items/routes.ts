import { route, adminOnly, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { capability, catalog, grant, grants } from './handlers.js';
import { MAX_GRANT_COUNT, MAX_GRANT_ITEMS } from '../../../contract/panel/items.js';

export function itemRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        ...operation('itemCapability', { 200: 'OK' }),
        summary: "Whether items can be given (PalDefender's REST API, else its RCON command), and why not",
        handler: capability,
      }),
      route({
        ...operation('itemCatalog', { 200: 'OK' }),
        summary: 'Item ids to pick from, searchable by id or name',
        handler: catalog,
      }),
      route({
        ...operation('grantItems', { 201: 'Given.' }),
        summary: `Give items to an online player through PalDefender (1 to ${MAX_GRANT_ITEMS} items, each 1 to ${MAX_GRANT_COUNT})`,
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is offline, PalDefender is not there, its token lacks the permission, or it refused (the message says which).',
          503: '`game_unavailable`: PalDefender (its REST API, or RCON) did not answer.',
        },
        handler: grant,
      }),
      route({
        ...operation('listItemGrants', { 200: 'OK' }),
        summary: 'Every grant, newest first: who, what, to whom, the outcome',
        handler: grants,
      }),
    ]),
  ];
}
