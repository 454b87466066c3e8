// The handlers of the panel's pals routes (the table is routes.ts).
import { type WorldPal } from '../../../lib/world.js';
import { encodeCursor } from '../../cursor.js';
import { isHumanSpecies, namedPalWithOwnerRow } from '../../../rows/named-rows.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { SORTS, PanelPalsQuery } from './schemas.js';

/** Pals read from the store a page at a time: the whole list is never decoded twice. */
export function allPals(read: (after: string | null, limit: number) => WorldPal[]): WorldPal[] {
  const out: WorldPal[] = [];
  for (let after: string | null = null; ;) {
    const page = read(after, 2000);
    out.push(...page);
    if (page.length < 2000) return out;
    after = page[page.length - 1].instanceId;
  }
}

export const KEY: Record<(typeof SORTS)[number], (p: WorldPal) => string | number> = {
  level: (p) => p.level,
  name: (p) => p.displayName.toLowerCase(),
  owner: (p) => p.ownerName.toLowerCase(),
  species: (p) => p.characterId.toLowerCase(),
  instanceId: (p) => p.instanceId,
};

export const listPals = (({ deps, query }) => {
  const owner = query.owner?.trim().toLowerCase() ?? '';
  const species = query.species?.trim().toLowerCase() ?? '';
  const matches = (p: WorldPal) =>
    (owner === '' || p.ownerUid.toLowerCase() === owner || p.ownerName.toLowerCase().includes(owner)) &&
    (species === '' || p.characterId.toLowerCase().includes(species) || p.displayName.toLowerCase().includes(species)) &&
    (query.placement === undefined || p.placement === query.placement) &&
    (query.kind === undefined || isHumanSpecies(p.characterId) === (query.kind === 'human')) &&
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
  return json(200, {
    data: page.map((p) => namedPalWithOwnerRow(p)),
    nextCursor: next < sorted.length ? encodeCursor(String(next)) : null,
  });
}) satisfies PanelHandler<{ query: typeof PanelPalsQuery }>;
