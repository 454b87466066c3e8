// The handlers of the world-item routes (issue 42): a player's inventory, a base's containers,
// who holds an item and the economy. What the rows say is views/item-rows.ts's; the rows come
// from the world database (store/world-items.ts).
import type { WorldRepo } from '../../../store/world.js';
import { NotFoundError } from '../../../domain/errors.js';
import { json } from '../../respond.js';
import type { PanelHandler } from '../context.js';
import { PanelPlayerPath } from '../../../contract/panel/players.js';
import { BasePath, ItemSearchQuery, LanguageOnlyQuery } from '../../../contract/panel/world-items.js';
import {
  baseFood,
  containerRow,
  economy,
  heldItems,
  matchingItems,
  ownerNamesOf,
  type EconomyRow,
  type OwnerNames,
} from '../../../views/item-rows.js';
import { itemLanguage, defaultNameTable } from '../../../save/index.js';

/** At most this many items answer one search. */
const MAX_SEARCH_ITEMS = 50;
/** How long an item request waits for the items being read off the main thread (a moment after
 * each parse: 0.2 s on the 1.0 world) before the world reads them itself. */
const ITEMS_WAIT_MS = 3000;

/** The world's items, once any read of them off the main thread has ended (or ITEMS_WAIT_MS). */
async function itemsOf(world: WorldRepo): Promise<WorldRepo> {
  const arriving = world.itemsArrival();
  if (arriving) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ITEMS_WAIT_MS);
      timer.unref();
    });
    await Promise.race([arriving, late]);
    clearTimeout(timer);
  }
  return world;
}

/** Owner names from the world, as the guild pages name them (made on first use per request). */
function ownerNames(world: WorldRepo): OwnerNames {
  let names: OwnerNames | undefined;
  const players = new Map<string, string | null>();
  return (kind, id) => {
    if (id === null) return null;
    if (kind === 'player') {
      if (!players.has(id)) players.set(id, world.player(id)?.name ?? null);
      return players.get(id) ?? null;
    }
    names ??= ownerNamesOf([], world.guilds());
    return names(kind, id);
  };
}

const eggName = (id: string) => defaultNameTable().palName(id);

export const playerInventory = (async ({ deps, players, params, query }) => {
  const p = players.saved(params.uid);
  const world = await itemsOf(deps.store.world);
  const lang = itemLanguage(query.lang);
  // Items are omitted, never zero-filled, when the player's own save was not read.
  if (!world.itemsRead() || !world.playerItemsRead(p.uid)) return json(200, { data: { uid: p.uid, itemsRead: false } });
  const names = ownerNames(world);
  const containers = world.containersOf('player', p.uid).map((c) => containerRow(c, lang, names, eggName));
  return json(200, { data: { uid: p.uid, itemsRead: true, containers } });
}) satisfies PanelHandler<{ params: typeof PanelPlayerPath; query: typeof LanguageOnlyQuery }>;

export const baseContainers = (async ({ deps, params, query }) => {
  const world = await itemsOf(deps.store.world);
  const id = params.id.toUpperCase();
  const guild = world.guilds().find((g) => g.bases.some((b) => b.id.toUpperCase() === id));
  const base = guild?.bases.find((b) => b.id.toUpperCase() === id);
  if (!guild || !base) throw new NotFoundError('No base has that id.');
  const lang = itemLanguage(query.lang);
  const read = world.itemsRead();
  const names = ownerNames(world);
  const containers = read ? world.containersOf('base', base.id).map((c) => containerRow(c, lang, names, eggName)) : [];
  return json(200, {
    data: { baseId: base.id, guildId: guild.id, guildName: guild.name, itemsRead: read, food: baseFood(containers), containers },
  });
}) satisfies PanelHandler<{ params: typeof BasePath; query: typeof LanguageOnlyQuery }>;

export async function searchHolders(repo: WorldRepo, q: string, langTag: string | undefined) {
  const world = await itemsOf(repo);
  const lang = itemLanguage(langTag);
  const read = world.itemsRead();
  // The world's items come most held first, so the first matches are the answer's.
  const keys = read ? matchingItems(q, world.heldItemKeys(), lang).slice(0, MAX_SEARCH_ITEMS) : [];
  const items = heldItems(world.holders(keys), lang, ownerNames(world));
  return { query: q, itemsRead: read, items, total: items.reduce((n, i) => n + i.total, 0) };
}

export const itemHolders = (async ({ deps, query }) =>
  json(200, { data: await searchHolders(deps.store.world, query.q ?? '', query.lang) })) satisfies PanelHandler<{
  query: typeof ItemSearchQuery;
}>;

export const worldEconomy = (async ({ deps, query }) => {
  const world = await itemsOf(deps.store.world);
  const lang = itemLanguage(query.lang);
  const data: EconomyRow = world.itemsRead()
    ? economy(world.allContainers(), lang, ownerNames(world))
    : { ...economy([], lang, ownerNames(world)), itemsRead: false };
  return json(200, { data });
}) satisfies PanelHandler<{ query: typeof LanguageOnlyQuery }>;
