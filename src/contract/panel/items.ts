// The shapes of the panel's items routes: request and response schemas (routes.ts uses them).
import { z } from 'zod';
import { ITEM_ID } from '../vocabulary.js';
import { cursorParam, limitParam } from '../page-params.js';
import { Timestamp } from '../integration-rows.js';

export const Capability = z.strictObject({
  capable: z.boolean(),
  via: z.enum(['rest', 'rcon']).nullable().meta({
    description:
      "`rest`: PalDefender's REST API (SERVICE_PALDEFENDER_URL); `rcon`: its RCON command, the fallback; null: items cannot be given.",
  }),
  reason: z.string().meta({ description: 'What is possible, or why not, in words.' }),
});

export const CatalogItem = z.strictObject({ id: z.string(), name: z.string(), category: z.string() });

export const MAX_GRANT_ITEMS = 20;

export const MAX_GRANT_COUNT = 9_999;

export const GrantItem = z.strictObject({
  itemId: z.string().regex(ITEM_ID).meta({ description: "The game's item id, e.g. `PalSphere`." }),
  count: z.int().min(1).max(MAX_GRANT_COUNT),
});

export const GrantRequest = z.strictObject({ items: z.array(GrantItem).min(1).max(MAX_GRANT_ITEMS) });

export const GrantRecord = z.strictObject({
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

export const SearchQuery = z.strictObject({ search: z.string().max(64).optional() });

export const PageQuery = z.strictObject({ limit: limitParam(50, 500, 'Page size'), cursor: cursorParam });
