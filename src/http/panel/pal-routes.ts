// The panel's pal browser (issue 14): every pal of the last parse with its owner, filtered by
// owner, species, placement and level and sorted on the server, so a phone never downloads
// 100,000 rows to show fifty. The Integration API's `/pals` stays keyset-paged by instanceId;
// this list is ordered by the caller's choice, so its cursor is an offset into that order.
import { z } from 'zod';
import { PLACEMENTS, type WorldPal } from '../../lib/world.js';
import { encodeCursor } from '../cursor.js';
import { palWithOwnerRow } from '../../rows/world-rows.js';
import { json } from '../respond.js';
import { cursorParam, limitParam } from '../routes/page-params.js';
import { PalWithOwnerSchema } from '../../rows/schemas.js';
import { panelRoute as route, type PanelHandler, type PanelRoute } from './context.js';

const SORTS = ['level', 'name', 'owner', 'species', 'instanceId'] as const;
const levelParam = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .optional();

export const PanelPalsQuery = z.strictObject({
  limit: limitParam(100, 500, 'Page size'),
  cursor: cursorParam,
  owner: z.string().max(64).optional().meta({ description: "The owner's save uid, or a case-insensitive part of their name." }),
  species: z.string().max(64).optional().meta({ description: 'A case-insensitive part of the species id (`SheepBall`) or its name (`Lamball`).' }),
  placement: z.enum(PLACEMENTS).optional(),
  minLevel: levelParam.meta({ description: 'Lowest level, inclusive.' }),
  maxLevel: levelParam.meta({ description: 'Highest level, inclusive.' }),
  sort: z.enum(SORTS).default('level').meta({ description: 'Order of the list; ties by instanceId.' }),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const PanelPalsPageSchema = z.strictObject({ data: z.array(PalWithOwnerSchema), nextCursor: z.string().nullable() });

/** Pals read from the store a page at a time: the whole list is never decoded twice. */
function allPals(read: (after: string | null, limit: number) => WorldPal[]): WorldPal[] {
  const out: WorldPal[] = [];
  for (let after: string | null = null; ; ) {
    const page = read(after, 2000);
    out.push(...page);
    if (page.length < 2000) return out;
    after = page[page.length - 1].instanceId;
  }
}

const KEY: Record<(typeof SORTS)[number], (p: WorldPal) => string | number> = {
  level: (p) => p.level,
  name: (p) => p.displayName.toLowerCase(),
  owner: (p) => p.ownerName.toLowerCase(),
  species: (p) => p.characterId.toLowerCase(),
  instanceId: (p) => p.instanceId,
};

export const listPals: PanelHandler<{ query: typeof PanelPalsQuery }> = ({ deps, query }) => {
  const owner = query.owner?.trim().toLowerCase() ?? '';
  const species = query.species?.trim().toLowerCase() ?? '';
  const matches = (p: WorldPal) =>
    (owner === '' || p.ownerUid.toLowerCase() === owner || p.ownerName.toLowerCase().includes(owner)) &&
    (species === '' || p.characterId.toLowerCase().includes(species) || p.displayName.toLowerCase().includes(species)) &&
    (query.placement === undefined || p.placement === query.placement) &&
    (query.minLevel === undefined || p.level >= query.minLevel) &&
    (query.maxLevel === undefined || p.level <= query.maxLevel);
  const key = KEY[query.sort];
  const dir = query.order === 'asc' ? 1 : -1;
  const sorted = allPals((after, limit) => deps.store.world.palsPage(after, limit))
    .filter(matches)
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka < kb ? -dir : ka > kb ? dir : a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0;
    });
  const from = query.cursor === null ? 0 : Number(query.cursor) || 0;
  const page = sorted.slice(from, from + query.limit);
  const next = from + page.length;
  return json(200, { data: page.map(palWithOwnerRow), nextCursor: next < sorted.length ? encodeCursor(String(next)) : null });
};

export function palRoutes(): PanelRoute[] {
  return [
    route({
      method: 'GET',
      path: '/pals',
      auth: 'session',
      operationId: 'panelListPals',
      summary: 'Pals of the save with their owners, filtered and sorted for the pal browser',
      request: { query: PanelPalsQuery },
      responses: { 200: { description: 'One page in the chosen order; walk `nextCursor` until it is null.', schema: PanelPalsPageSchema } },
      handler: listPals,
    }),
  ];
}
