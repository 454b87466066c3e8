// The handlers of the panel's items routes (the table is routes.ts); how items are given lives in
// actions/item-granter.ts (PalDefender's REST API, else its RCON command).
import { NO_ITEM_PATH } from '../../../actions/item-granter.js';
import { userActor } from '../../../domain/actor.js';
import { ConflictError } from '../../../domain/errors.js';
import { ITEM_CATALOG, searchItems } from '../../../domain/items.js';
import { encodeCursor } from '../../../contract/cursor.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { PanelPlayerPath } from '../../../contract/panel/players.js';
import { GrantRequest, PageQuery } from '../../../contract/panel/items.js';
import { ItemSearchQuery } from '../../../contract/panel/world-items.js';
import { searchHolders } from './world-handlers.js';

export const capability = (async ({ deps }) =>
  json(200, {
    data: deps.items ? await deps.items.capability() : { capable: false, via: null, reason: NO_ITEM_PATH },
  })) satisfies PanelHandler;

/** With `q`: who holds the items it names (issue 42); without: the grant catalog, an admin's alone
 * (the route's `roleWithout`, checked before this is called). */
export const catalog = (async ({ deps, query }) =>
  query.q !== undefined
    ? json(200, { data: await searchHolders(deps.store.world, query.q, query.lang) })
    : json(200, { data: searchItems(query.search), total: ITEM_CATALOG.length })) satisfies PanelHandler<{
  query: typeof ItemSearchQuery;
}>;

/** Who the items go to is the player service's rule (online, with a platform id); whether they
 * can go at all, the granter's. */
export const grant = (async ({ deps, players, params, body, user }) => {
  const target = players.grantTarget(params.uid);
  if (!deps.items) throw new ConflictError('conflict', NO_ITEM_PATH);
  return json(201, { data: await deps.items.grant(userActor(user.username), target, body.items) });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof GrantRequest }>;

export const grants = (({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  const rows = deps.store.itemGrants.page(query.limit + 1, before !== null && Number.isSafeInteger(before) ? before : null);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
}) satisfies PanelHandler<{ query: typeof PageQuery }>;
