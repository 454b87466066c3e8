// The handlers of the panel's pals routes (the table is routes.ts). Filtering, sorting and
// paging happen in the store (store/pal-explorer.ts): a page of 100,000 pals reads only its rows.
import { encodeCursor } from '../../../contract/cursor.js';
import { isHumanSpecies, namedPalWithOwnerRow, passiveSkillName } from '../../../views/named-rows.js';
import { HttpError } from '../../errors.js';
import { speciesNamed } from '../../../save/world/game-names.js';
import { json } from '../../respond.js';
import { type PanelHandler } from '../context.js';
import { PanelPalsQuery } from '../../../contract/panel/pals.js';

/** The explorer's cursor is the position of the page in the chosen order. */
function offsetOf(cursor: string | null): number {
  if (cursor === null) return 0;
  if (!/^(0|[1-9]\d{0,8})$/.test(cursor)) throw new HttpError(400, 'invalid_cursor', 'The cursor is not valid.');
  return Number(cursor);
}

function inverted(what: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined && max !== undefined && min > max) {
    throw new HttpError(400, 'invalid_request', `The lowest ${what} is above the highest: nothing could match.`);
  }
}

export const listPals = (({ deps, query }) => {
  inverted('level', query.minLevel, query.maxLevel);
  inverted('number of stars', query.minStars, query.maxStars);
  const offset = offsetOf(query.cursor ?? null);
  // Captured humans or pals: the species of each kind in this world, by the names table's rule.
  const humans = query.kind === undefined ? [] : deps.store.world.palSpecies().filter(isHumanSpecies);
  // The species text also finds a species by its name in the user's language (English and the id
  // always match, in the store).
  const lang = query.lang ?? 'en';
  const speciesAlso = query.species && lang !== 'en' ? speciesNamed(deps.store.world.palSpecies(), query.species, lang) : undefined;
  const { rows, total } = deps.store.world.explorePals({
    owner: query.owner,
    species: query.species,
    speciesAlso,
    placement: query.placement,
    minLevel: query.minLevel,
    maxLevel: query.maxLevel,
    alpha: query.alpha,
    lucky: query.lucky,
    minStars: query.minStars,
    maxStars: query.maxStars,
    passives: query.passive,
    ...(query.kind === 'human' ? { speciesIn: humans } : query.kind === 'pal' ? { speciesNotIn: humans } : {}),
    sort: query.sort,
    order: query.order,
    offset,
    limit: query.limit,
  });
  const next = offset + rows.length;
  return json(200, {
    data: rows.map((r) => ({ ...namedPalWithOwnerRow(r.pal), stars: r.stars, unknownReason: r.reason })),
    total,
    nextCursor: rows.length > 0 && next < total ? encodeCursor(String(next)) : null,
  });
}) satisfies PanelHandler<{ query: typeof PanelPalsQuery }>;

/** The passive skills held in this world, named as the pal rows name them. */
export const listPalPassives = (({ deps }) => {
  return json(200, { data: deps.store.world.palPassives().map((s) => ({ ...passiveSkillName(s.id), pals: s.pals })) });
}) satisfies PanelHandler;
