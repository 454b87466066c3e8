// The handlers of the panel's items routes (the table is routes.ts); how items are given lives in
// actions/item-granter.ts (PalDefender's REST API, else its RCON command).
import { NO_ITEM_PATH } from '../../../actions/item-granter.js';
import { userActor } from '../../../domain/actor.js';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import { ITEM_CATALOG, searchItems } from '../../../domain/items.js';
import { uidKey } from '../../../store/world.js';
import { encodeCursor } from '../../cursor.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { PanelPlayerPath } from '../../../contract/panel/players.js';
import { GrantRequest, SearchQuery, PageQuery } from '../../../contract/panel/items.js';

export const capability = (async ({ deps }) =>
  json(200, {
    data: deps.items ? await deps.items.capability() : { capable: false, via: null, reason: NO_ITEM_PATH },
  })) satisfies PanelHandler;

export const catalog = (({ query }) => json(200, { data: searchItems(query.search), total: ITEM_CATALOG.length })) satisfies PanelHandler<{
  query: typeof SearchQuery;
}>;

export const grant = (async ({ deps, params, body, user }) => {
  const key = uidKey(params.uid);
  const live = deps.live.snapshot();
  const online = live.reachable ? live.players.find((p) => uidKey(String(p.playerId)) === key) : undefined;
  if (!online) {
    if (!deps.store.world.player(params.uid)) throw new NotFoundError('No player has that uid.');
    throw new ConflictError('conflict', 'The player is not online: items go into the inventory of a player who is.');
  }
  if (!online.userId)
    throw new ConflictError('conflict', "The game has not listed this player's platform user id yet; try again in a moment.");
  if (!deps.items) throw new ConflictError('conflict', NO_ITEM_PATH);
  const rec = await deps.items.grant(
    userActor(user.username),
    { uid: params.uid, userId: online.userId, playerName: online.name },
    body.items,
  );
  return json(201, { data: rec });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof GrantRequest }>;

export const grants = (({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  const rows = deps.store.itemGrants.page(query.limit + 1, before !== null && Number.isSafeInteger(before) ? before : null);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
}) satisfies PanelHandler<{ query: typeof PageQuery }>;
