// The handlers of the panel's items routes (the table is routes.ts).
import { z } from 'zod';
import { userActor } from '../../../lib/actor.js';
import { ConflictError, GameUnavailableError, NotFoundError } from '../../../lib/errors.js';
import { ITEM_CATALOG, searchItems } from '../../../lib/items.js';
import { itemsText } from '../../../store/item-grants.js';
import { uidKey } from '../../../store/world.js';
import { encodeCursor } from '../../cursor.js';
import type { HttpDeps } from '../../deps.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { PanelPlayerPath } from '../players/schemas.js';
import { Capability, GrantRequest, SearchQuery, PageQuery } from './schemas.js';

/** Whether PalDefender answers over RCON, and why not in words. */
export async function probe(deps: HttpDeps): Promise<z.infer<typeof Capability>> {
  if (!deps.console)
    return {
      capable: false,
      via: null,
      reason: 'RCON is not configured (SERVICE_RCON_ADDR, SERVICE_RCON_PASSWORD): palpanel reaches PalDefender through it.',
    };
  try {
    const reply = await deps.console.run('getrconcmds');
    if (/^giveitems\b/im.test(reply.text))
      return { capable: true, via: 'rcon', reason: 'PalDefender answers over RCON: items can be given to online players.' };
    return {
      capable: false,
      via: null,
      reason: 'The game server does not have PalDefender (it does not know getrconcmds or giveitems): vanilla Palworld cannot give items.',
    };
  } catch (err) {
    if (err instanceof GameUnavailableError) return { capable: false, via: null, reason: err.message };
    throw err;
  }
}

export const capability = (async ({ deps }) => json(200, { data: await probe(deps) })) satisfies PanelHandler;

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
  const cap = await probe(deps);
  if (!cap.capable) throw new ConflictError('conflict', cap.reason);
  const command = `giveitems ${online.userId} ${body.items.map((i) => `${i.itemId}:${i.count}`).join(' ')}`;
  const base = { uid: params.uid, userId: online.userId, playerName: online.name, items: body.items };
  let reply: string;
  try {
    reply = (await deps.console!.run(command)).text.trim();
  } catch (err) {
    if (err instanceof GameUnavailableError)
      deps.store.itemGrants.record(userActor(user.username), { ...base, outcome: 'failed', detail: err.message });
    throw err;
  }
  // PalDefender answers in words; a refusal names the problem (not online, unknown item, full).
  const failed = reply === '' || /not online|unknown|invalid|fail|error|full|cannot|can't/i.test(reply);
  const rec = deps.store.itemGrants.record(userActor(user.username), {
    ...base,
    outcome: failed ? 'failed' : 'granted',
    detail: reply || 'no reply',
  });
  if (failed) throw new ConflictError('conflict', `The game did not give ${itemsText(body.items)}: ${reply || 'it sent no reply'}`);
  return json(201, { data: rec });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; body: typeof GrantRequest }>;

export const grants = (({ deps, query }) => {
  const before = query.cursor === null || query.cursor === undefined ? null : Number(query.cursor);
  const rows = deps.store.itemGrants.page(query.limit + 1, before !== null && Number.isSafeInteger(before) ? before : null);
  const page = rows.slice(0, query.limit);
  return json(200, { data: page, nextCursor: rows.length > query.limit ? encodeCursor(String(page[page.length - 1].id)) : null });
}) satisfies PanelHandler<{ query: typeof PageQuery }>;
