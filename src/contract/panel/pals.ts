// The shapes of the panel's pals routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { dataOf, pageOf } from '../envelopes.js';
import { PAL_SORTS, PLACEMENTS, UNKNOWN_REASONS } from '../vocabulary.js';
import { cursorParam, limitParam } from '../page-params.js';
import { NamedPalWithOwnerSchema, SkillNameSchema } from '../named-rows.js';
import { NAME_LANGUAGES } from './names.js';

export const levelParam = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .optional();

const starsParam = z.int().min(0).max(4).optional();

export const PanelPalsQuery = z.strictObject({
  limit: limitParam(100, 200, 'Page size'),
  cursor: cursorParam,
  owner: z.string().max(64).optional().meta({ description: "The owner's save uid, or a case-insensitive part of their name." }),
  species: z.string().max(64).optional().meta({
    description:
      'A case-insensitive part of the species id (`SheepBall`), its English name (`Lamball`) or, with `lang`, its name in that language (`モコロン`).',
  }),
  lang: z
    .enum(NAME_LANGUAGES)
    .optional()
    .meta({ description: "The user's language: `species` also matches the game's species names in it (English always matches)." }),
  placement: z.enum(PLACEMENTS).optional(),
  kind: z.enum(['pal', 'human']).optional().meta({ description: 'Only pal species (`pal`) or only captured humans (`human`).' }),
  minLevel: levelParam.meta({ description: 'Lowest level, inclusive.' }),
  maxLevel: levelParam.meta({ description: 'Highest level, inclusive.' }),
  alpha: z.boolean().optional().meta({ description: '`true`: only alpha (boss) pals; `false`: none of them.' }),
  lucky: z.boolean().optional().meta({ description: '`true`: only lucky pals; `false`: none of them.' }),
  minStars: starsParam.meta({ description: 'Fewest condenser stars, 0 to 4 (rank minus 1; a pal without a rank has 0).' }),
  maxStars: starsParam.meta({ description: 'Most condenser stars, 0 to 4.' }),
  passive: z
    .array(
      z
        .string()
        .regex(/^[A-Za-z0-9_]{1,64}$/)
        .meta({ description: 'A passive skill id, e.g. `Rare`.' }),
    )
    .max(4)
    .optional()
    .meta({ description: 'Passive skill ids (repeat for more, up to 4): the pal holds every one; case-insensitive.' }),
  sort: z.enum(PAL_SORTS).default('level').meta({ description: 'Order of the list; ties by instanceId in the same direction.' }),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** A row of the explorer: the `/pals` row plus what the panel shows beside it. */
export const PanelPalSchema = NamedPalWithOwnerSchema.extend({
  stars: z.int().min(0).max(4).meta({ description: 'Condenser stars: rank minus 1, 0 without a rank.' }),
  unknownReason: z
    .enum(UNKNOWN_REASONS)
    .nullable()
    .meta({ description: 'Why `placement` is `unknown` (null otherwise): the panel words it for the viewer.' }),
});

export const PanelPalsPageSchema = pageOf(PanelPalSchema, {
  total: z.int().min(0).meta({ description: 'How many pals match the filters in all.' }),
});

export const PalPassivesSchema = dataOf(z.array(SkillNameSchema.extend({ pals: z.int().min(0) })));
