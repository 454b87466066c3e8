// The shapes of the panel's pals routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { PLACEMENTS } from '../../../lib/world.js';
import { cursorParam, limitParam } from '../../routes/page-params.js';
import { NamedPalWithOwnerSchema } from '../../../rows/named-schemas.js';

export const SORTS = ['level', 'name', 'owner', 'species', 'instanceId'] as const;

export const levelParam = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .optional();

export const PanelPalsQuery = z.strictObject({
  limit: limitParam(100, 500, 'Page size'),
  cursor: cursorParam,
  owner: z.string().max(64).optional().meta({ description: "The owner's save uid, or a case-insensitive part of their name." }),
  species: z
    .string()
    .max(64)
    .optional()
    .meta({ description: 'A case-insensitive part of the species id (`SheepBall`) or its name (`Lamball`).' }),
  placement: z.enum(PLACEMENTS).optional(),
  kind: z.enum(['pal', 'human']).optional().meta({ description: 'Only pal species (`pal`) or only captured humans (`human`).' }),
  minLevel: levelParam.meta({ description: 'Lowest level, inclusive.' }),
  maxLevel: levelParam.meta({ description: 'Highest level, inclusive.' }),
  sort: z.enum(SORTS).default('level').meta({ description: 'Order of the list; ties by instanceId.' }),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const PanelPalsPageSchema = z.strictObject({ data: z.array(NamedPalWithOwnerSchema), nextCursor: z.string().nullable() });
