// Item grants (issue 13), admin only and never on the Integration API: whether PalDefender is
// there to give items (its REST API's `/version` with the configured token; else over RCON, where
// its `getrconcmds` lists `giveitems`; a vanilla server knows neither), a catalog of item ids to
// pick from, a grant to an online player by their platform id, and the record of every grant
// with who, what, to whom and the outcome.
import { z } from 'zod';
import { route, adminOnly, type PanelRoute } from '../context.js';
import { PanelPlayerPath } from '../../../contract/panel/players.js';
import { capability, catalog, grant, grants } from './handlers.js';
import { Capability, CatalogItem, GrantRequest, GrantRecord, SearchQuery, PageQuery } from '../../../contract/panel/items.js';
import { MAX_GRANT_COUNT, MAX_GRANT_ITEMS } from '../../../contract/panel/items.js';

export function itemRoutes(): PanelRoute[] {
  return [
    ...adminOnly([
      route({
        method: 'GET',
        path: '/items/capability',
        operationId: 'itemCapability',
        summary: "Whether items can be given (PalDefender's REST API, else its RCON command), and why not",
        responses: { 200: { description: 'OK', schema: z.strictObject({ data: Capability }) } },
        handler: capability,
      }),
      route({
        method: 'GET',
        path: '/items',
        operationId: 'itemCatalog',
        summary: 'Item ids to pick from, searchable by id or name',
        request: { query: SearchQuery },
        responses: {
          200: {
            description: 'OK',
            schema: z.strictObject({ data: z.array(CatalogItem), total: z.int().meta({ description: 'How many ids the catalog knows.' }) }),
          },
        },
        handler: catalog,
      }),
      route({
        method: 'POST',
        path: '/players/{uid}/item-grants',
        operationId: 'grantItems',
        summary: `Give items to an online player through PalDefender (1 to ${MAX_GRANT_ITEMS} items, each 1 to ${MAX_GRANT_COUNT})`,
        request: { params: PanelPlayerPath, body: GrantRequest },
        responses: { 201: { description: 'Given.', schema: z.strictObject({ data: GrantRecord }) } },
        errors: {
          404: '`not_found`: no player has that uid.',
          409: '`conflict`: the player is offline, PalDefender is not there, its token lacks the permission, or it refused (the message says which).',
          503: '`game_unavailable`: PalDefender (its REST API, or RCON) did not answer.',
        },
        handler: grant,
      }),
      route({
        method: 'GET',
        path: '/item-grants',
        operationId: 'listItemGrants',
        summary: 'Every grant, newest first: who, what, to whom, the outcome',
        request: { query: PageQuery },
        responses: {
          200: { description: 'OK', schema: z.strictObject({ data: z.array(GrantRecord), nextCursor: z.string().nullable() }) },
        },
        handler: grants,
      }),
    ]),
  ];
}
