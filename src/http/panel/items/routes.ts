import { route, adminOnly, signedIn, type PanelRoute } from '../context.js';
import { operation } from '../operation.js';
import { capability, catalog, grant, grants } from './handlers.js';
import { baseContainers, playerInventory, worldEconomy } from './world-handlers.js';
import { MAX_GRANT_COUNT, MAX_GRANT_ITEMS } from '../../../contract/panel/items.js';

export function itemRoutes(): PanelRoute[] {
  return [
    // The world's items, read as the rest of the world data: by every signed-in role (GET /items
    // only with `q`: without it, the grant catalog, an admin's).
    ...signedIn([
      route({
        ...operation('itemCatalog', { 200: 'OK' }),
        summary: 'With `q`: who holds an item (players, bases, guild storage) with totals; without: the grant catalog of item ids',
        // The spec's grant catalog is admin-only; `q` (interface.md's Items) is world data.
        roleWithout: { param: 'q', role: 'admin' },
        handler: catalog,
      }),
      route({
        ...operation('worldEconomy', { 200: 'OK' }),
        summary:
          "The world's economy: top items by count, counts by rarity, containers by owner, and flags (a stack beyond its limit, an unusual holding)",
        handler: worldEconomy,
      }),
      route({
        ...operation('panelPlayerInventory', { 200: 'OK' }),
        summary:
          "One player's item containers (inventory, key items, weapons, armour and accessories, food, drop slot) with counts and rarity",
        errors: { 404: '`not_found`: no player has that uid.' },
        handler: playerInventory,
      }),
      route({
        ...operation('panelBaseContainers', { 200: 'OK' }),
        summary: "One base's containers (chests, food boxes, incubators, production) with what they hold; food low or empty flagged",
        errors: { 404: '`not_found`: no base has that id.' },
        handler: baseContainers,
      }),
    ]),
    ...adminOnly([
      route({
        ...operation('itemCapability', { 200: 'OK' }),
        summary: "Whether items can be given (PalDefender's REST API, else its RCON command), and why not",
        handler: capability,
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
