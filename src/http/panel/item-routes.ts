// Item grants (issue 13), admin only and never on the Integration API: whether PalDefender is
// there to give items (probed over RCON: its `getrconcmds` lists `giveitems`; a vanilla server
// knows neither), a catalog of item ids to pick from, a grant to an online player by their
// platform id, and the record of every grant with who, what, to whom and the outcome.
import { z } from 'zod';
import { userActor } from '../../lib/actor.js';
import { ConflictError, GameUnavailableError, NotFoundError } from '../../lib/errors.js';
import { ITEM_CATALOG, ITEM_ID, searchItems } from '../../lib/items.js';
import { itemsText } from '../../store/item-grants.js';
import { uidKey } from '../../store/world.js';
import { encodeCursor } from '../cursor.js';
import type { HttpDeps } from '../deps.js';
import { json } from '../respond.js';
import { cursorParam, limitParam } from '../routes/page-params.js';
import { Timestamp } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';
import { PanelPlayerPath } from './player-schemas.js';

export const MAX_GRANT_ITEMS = 20;
export const MAX_GRANT_COUNT = 9_999;

const Capability = z.strictObject({ capable: z.boolean(), via: z.enum(['rcon']).nullable(), reason: z.string().meta({ description: 'What is possible, or why not, in words.' }) });
const CatalogItem = z.strictObject({ id: z.string(), name: z.string(), category: z.string() });
const GrantItem = z.strictObject({ itemId: z.string().regex(ITEM_ID).meta({ description: "The game's item id, e.g. `PalSphere`." }), count: z.int().min(1).max(MAX_GRANT_COUNT) });
const GrantRequest = z.strictObject({ items: z.array(GrantItem).min(1).max(MAX_GRANT_ITEMS) });
const GrantRecord = z.strictObject({
  id: z.int(),
  at: Timestamp,
  actor: z.string(),
  uid: z.string(),
  userId: z.string(),
  playerName: z.string(),
  items: z.array(GrantItem),
  outcome: z.enum(['granted', 'failed']),
  detail: z.string(),
});
const SearchQuery = z.strictObject({ search: z.string().max(64).optional() });
const PageQuery = z.strictObject({ limit: limitParam(50, 500, 'Page size'), cursor: cursorParam });

/** Whether PalDefender answers over RCON, and why not in words. */
async function probe(deps: HttpDeps): Promise<z.infer<typeof Capability>> {
  if (!deps.console) return { capable: false, via: null, reason: 'RCON is not configured (SERVICE_RCON_ADDR, SERVICE_RCON_PASSWORD): palpanel reaches PalDefender through it.' };
  try {
    const reply = await deps.console.run('getrconcmds');
    if (/^giveitems\b/im.test(reply.text)) return { capable: true, via: 'rcon', reason: 'PalDefender answers over RCON: items can be given to online players.' };
    return { capable: false, via: null, reason: 'The game server does not have PalDefender (it does not know getrconcmds or giveitems): vanilla Palworld cannot give items.' };
  } catch (err) {
    if (err instanceof GameUnavailableError) return { capable: false, via: null, reason: err.message };
    throw err;
  }
}

const capability: PanelHandler = async ({ deps }) => json(200, { data: await probe(deps) });

const catalog: PanelHandler<{ query: typeof SearchQuery }> = ({ query }) => json(200, { data: searchItems(query.search), total: ITEM_CATALOG.length });

const grant: PanelHandler<{ params: typeof PanelPlayerPath; body: typeof GrantRequest }> = async ({ deps, params, body, user }) => {
  const key = uidKey(params.uid);
  const live = deps.live.snapshot();
  const online = live.reachable ? live.players.find((p) => uidKey(String(p.playerId)) === key) : undefined;
  if (!online) {
    if (!deps.store.world.player(params.uid)) throw new NotFoundError('No player has that uid.');
    throw new ConflictError('conflict', 'The player is not online: items go into the inventory of a player who is.');
  }
  if (!online.userId) throw new ConflictError('conflict', "The game has not listed this player's platform user id yet; try again in a moment.");
  const cap = await probe(deps);
  if (!cap.capable) throw new ConflictError('conflict', cap.reason);
  const command = `giveitems ${online.userId} ${body.items.map((i) => `${i.itemId}:${i.count}`).join(' ')}`;
  const base = { uid: params.uid, userId: online.userId, playerName: online.name, items: body.items };
  let reply: string;
  try {
    reply = (await deps.console!.run(command)).text.trim();
  } catch (err) {
    if (err instanceof GameUnavailableError) deps.store.itemGrants.record(userActor(user.username), { ...base, outcome: 'failed', detail: err.message });
    throw err;
  }
  // PalDefender answers in words; a refusal names the problem (not online, unknown item, full).
  const failed = reply === '' || /not online|unknown|invalid|fail|error|full|cannot|can't/i.test(reply);
  const rec = deps.store.itemGrants.record(userActor(user.username), { ...base, outcome: failed ? 'failed' : 'granted', detail: reply || 'no reply' });
  if (failed) throw new ConflictError('conflict', `The game did not give ${itemsText(body.items)}: ${reply || 'it sent no reply'}`);
  return json(201, { data: rec });
};

const grants: PanelHandler<{ query: typeof PageQuery }> = ({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  const rows = deps.store.itemGrants.page(query.limit + 1, before !== null && Number.isSafeInteger(before) ? before : null);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
};

export function itemRoutes(): PanelRoute[] {
  return [
    route({ method: 'GET', path: '/items/capability', auth: 'session', role: 'admin', operationId: 'itemCapability', summary: 'Whether items can be given (PalDefender over RCON), and why not', responses: { 200: { description: 'OK', schema: z.strictObject({ data: Capability }) } }, handler: capability }),
    route({ method: 'GET', path: '/items', auth: 'session', role: 'admin', operationId: 'itemCatalog', summary: 'Item ids to pick from, searchable by id or name', request: { query: SearchQuery }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(CatalogItem), total: z.int().meta({ description: 'How many ids the catalog knows.' }) }) } }, handler: catalog }),
    route({
      method: 'POST',
      path: '/players/{uid}/item-grants',
      auth: 'session',
      role: 'admin',
      operationId: 'grantItems',
      summary: `Give items to an online player through PalDefender (1 to ${MAX_GRANT_ITEMS} items, each 1 to ${MAX_GRANT_COUNT})`,
      request: { params: PanelPlayerPath, body: GrantRequest },
      responses: { 201: { description: 'Given.', schema: z.strictObject({ data: GrantRecord }) } },
      errors: { 404: '`not_found`: no player has that uid.', 409: '`conflict`: the player is offline, PalDefender is not there, or the game refused (the message says which).', 503: '`game_unavailable`: RCON did not answer.' },
      handler: grant,
    }),
    route({ method: 'GET', path: '/item-grants', auth: 'session', role: 'admin', operationId: 'listItemGrants', summary: 'Every grant, newest first: who, what, to whom, the outcome', request: { query: PageQuery }, responses: { 200: { description: 'OK', schema: z.strictObject({ data: z.array(GrantRecord), nextCursor: z.string().nullable() }) } }, handler: grants }),
  ];
}
